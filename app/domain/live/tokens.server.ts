import crypto from "node:crypto";
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from "~/shared/live";
import { hashToken } from "../secret-tokens.server";

export function tokenMatches(token: string | null | undefined, storedHash: string): boolean {
  if (!token) return false;
  const given = Buffer.from(hashToken(token));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

export function newJoinCode(): string {
  let code = "";
  for (let i = 0; i < JOIN_CODE_LENGTH; i += 1) code += JOIN_CODE_ALPHABET[crypto.randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** What a participant's limits are counted under: from their token, yet not the hash the database keeps of it. */
export function seatKey(token: string): string {
  return crypto.createHash("sha256").update(`seat:${token}`).digest("base64url");
}

/**
 * The key of a round's room link: a MAC of the round by the app's secret
 * (AUTH_SECRET), so it needs no column, the host's screen can show it again
 * at any time, and a copy of the database gives nobody one. It opens the
 * room's screen only: read-only, and only what the room may see.
 */
export function roomKeyOf(round: { id: string; hostTokenHash: string }, secret: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`live-room-screen:${round.id}:${round.hostTokenHash}`)
    .digest("base64url");
}

/** Compared as text in constant time: only the key we wrote is the link. */
export function roomKeyMatches(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
