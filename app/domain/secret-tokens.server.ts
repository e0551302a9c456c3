import crypto from "node:crypto";

/** A secret handed to a browser or put in a link: 192 random bits by default, base64url. */
export function newToken(bytes = 24): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Tokens are stored hashed (SHA-256): a copy of the database lets nobody use one. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("base64url");
}
