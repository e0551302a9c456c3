const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are valid only in UUID format (SPEC section 5). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
