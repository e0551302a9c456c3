/**
 * Browser storage that never throws: private modes, full quotas and blocked
 * cookies make storage fail, and nothing in CircleUp may break because of it.
 */
type Area = "local" | "session";

function area(kind: Area): Storage {
  return kind === "local" ? window.localStorage : window.sessionStorage;
}

export function readStorage(kind: Area, key: string): string | null {
  try {
    return area(kind).getItem(key);
  } catch {
    return null;
  }
}

/** Returns whether the value was stored. */
export function writeStorage(kind: Area, key: string, value: string): boolean {
  try {
    area(kind).setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
