/**
 * Who speaks next in a round: a list of names, a position, and who passed.
 * Pure functions, so the present mode's behaviour is tested without a browser.
 * Passing is always allowed: answering is an invitation, never an obligation.
 */
export type SpeakingOrder = {
  names: string[];
  /** Index of the person whose turn it is; names.length when everyone has had a turn. */
  current: number;
  passed: string[];
};

/** Names typed one per line or separated by commas; blanks and repeats dropped. */
export function parseNames(text: string): string[] {
  const names = text
    .split(/[\n,;]/)
    .map((name) => name.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return [...new Set(names)].slice(0, 100);
}

export function startOrder(names: string[]): SpeakingOrder {
  return { names, current: 0, passed: [] };
}

/** A fair shuffle (Fisher-Yates); `random` returns [0, 1) like Math.random. */
export function shuffled(names: string[], random: () => number = Math.random): string[] {
  const copy = [...names];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as string, copy[i] as string];
  }
  return copy;
}

export function nextSpeaker(order: SpeakingOrder): SpeakingOrder {
  return { ...order, current: Math.min(order.current + 1, order.names.length) };
}

/** The current person passes: noted, without comment, and the turn moves on. */
export function passTurn(order: SpeakingOrder): SpeakingOrder {
  const name = order.names[order.current];
  if (name === undefined) return order;
  return nextSpeaker({ ...order, passed: [...order.passed, name] });
}

export function previousSpeaker(order: SpeakingOrder): SpeakingOrder {
  const current = Math.max(order.current - 1, 0);
  const name = order.names[current];
  return { ...order, current, passed: order.passed.filter((p) => p !== name) };
}

export const speakerNow = (order: SpeakingOrder): string | null => order.names[order.current] ?? null;
export const speakerAfter = (order: SpeakingOrder): string | null => order.names[order.current + 1] ?? null;
export const roundFinished = (order: SpeakingOrder): boolean =>
  order.names.length > 0 && order.current >= order.names.length;
