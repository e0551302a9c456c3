/**
 * The entry a table has of its own for a key a client sent (a form's
 * intent, a notice in the address). A plain object also answers names it
 * inherits ("constructor", "__proto__", "toString"), which would dispatch a
 * request to Object's own functions; here those are no entry at all.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return key != null && Object.hasOwn(table, key) ? table[key] : undefined;
}
