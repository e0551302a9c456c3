/**
 * Runs `callback` once the person first does something on the page (a
 * pointer, a key, a touch, a scroll), or at once if they already have. Code
 * that only an action can need (present mode, the sign-up invitation) is
 * fetched then, not with the page: the page's first download is the job's
 * alone, and the code is still in hand before the network might drop.
 */
const EVENTS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

let interacted = false;
const waiting = new Set<() => void>();

function onInteraction() {
  interacted = true;
  for (const type of EVENTS) window.removeEventListener(type, onInteraction, true);
  for (const callback of waiting) callback();
  waiting.clear();
}

export function afterFirstInteraction(callback: () => void): () => void {
  if (interacted) {
    callback();
    return () => {};
  }
  if (waiting.size === 0)
    for (const type of EVENTS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  waiting.add(callback);
  return () => {
    waiting.delete(callback);
  };
}
