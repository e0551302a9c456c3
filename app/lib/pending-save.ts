import { readStorage, writeStorage } from "./safe-storage";

/**
 * The question a visitor asked to save before they had an account. It waits
 * in this browser through sign-up, the verification e-mail and sign-in, and
 * is saved on the first page they open signed in.
 */
const PENDING_SAVE_KEY = "circleup.pendingSave";

export type PendingSave = { id: string; question: string };

export function rememberPendingSave(save: PendingSave): void {
  writeStorage("local", PENDING_SAVE_KEY, JSON.stringify(save));
}

/** The question waiting to be saved, if any. */
export function pendingSave(): PendingSave | null {
  const raw = readStorage("local", PENDING_SAVE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSave>;
    return typeof value.id === "string" && typeof value.question === "string"
      ? { id: value.id, question: value.question }
      : null;
  } catch {
    return null;
  }
}

export function clearPendingSave(): void {
  writeStorage("local", PENDING_SAVE_KEY, "");
}
