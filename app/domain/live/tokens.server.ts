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
