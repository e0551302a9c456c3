import { setSaved } from "./community-client";
import { readStorage, writeStorage } from "./safe-storage";

/**
 * Saves (and unsaves) made without a connection, kept in this browser until
 * it is back online, through reloads. Each is then sent as the member would
 * have sent it, with their session: the server authorises it as any other.
 * A save is the same whenever it is sent (saved or not, never a toggle), so
 * sending it late changes nothing but the time.
 */
const QUEUE_KEY = "circleup.offlineSaves";

type QueuedSave = { id: string; saved: boolean };

function queued(): QueuedSave[] {
  try {
    const value = JSON.parse(readStorage("local", QUEUE_KEY) ?? "[]");
    return Array.isArray(value)
      ? value.filter((q): q is QueuedSave => typeof q?.id === "string" && typeof q?.saved === "boolean")
      : [];
  } catch {
    return [];
  }
}

/** Keeps the save for later; the last one asked for a question wins. Answers whether it could be kept. */
export function queueSave(id: string, saved: boolean): boolean {
  return writeStorage("local", QUEUE_KEY, JSON.stringify([...queued().filter((q) => q.id !== id), { id, saved }]));
}

let sending = false;

/**
 * Sends the waiting saves. One the server answered (saved, or refused: the
 * member signed out, the question is gone) leaves the queue; one the network
 * failed stays for the next time the browser is online.
 */
export async function sendQueuedSaves(): Promise<void> {
  if (sending) return;
  sending = true;
  try {
    for (const save of queued()) {
      const outcome = await setSaved(save.id, save.saved);
      if (!outcome.ok && outcome.status === 0) break;
      // A save asked again meanwhile, the other way, stays to be sent next.
      const rest = queued().filter((q) => q.id !== save.id || q.saved !== save.saved);
      writeStorage("local", QUEUE_KEY, JSON.stringify(rest));
    }
  } finally {
    sending = false;
  }
}
