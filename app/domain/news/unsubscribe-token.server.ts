import crypto from "node:crypto";

/** Keeps these MACs apart from every other use of the same secret. */
const PURPOSE = "product-news-unsubscribe";

function mac(userId: string, secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update(`${PURPOSE}:${userId}`).digest();
}

/**
 * The secret part of a product-news mail's unsubscribe link: the account id
 * and its keyed MAC, so the link needs no stored token and stays valid for
 * as long as the account and the secret (AUTH_SECRET) do.
 */
export function unsubscribeToken(userId: string, secret: string): string {
  return `${Buffer.from(userId, "utf8").toString("base64url")}.${mac(userId, secret).toString("base64url")}`;
}

/** The account an unsubscribe token names, or null when the MAC does not match (a forged or damaged link). */
export function accountOfUnsubscribeToken(token: string, secret: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const userId = Buffer.from(match[1], "base64url").toString("utf8");
  if (Buffer.from(userId, "utf8").toString("base64url") !== match[1]) return null;
  // Compared as text: base64 lets several strings decode to one MAC, and only the one we wrote is the link.
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(mac(userId, secret).toString("base64url"));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}
