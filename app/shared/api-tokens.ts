import { z } from "zod";
import type { TeamAbility } from "./teams";

/**
 * What a token may do: `read` lets it call use cases that change nothing,
 * `write` those that change something. A token has one or both; the
 * team it acts in is not a scope but its subject (a team token) or its
 * limit (a personal token made for one team).
 */
export const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The choices a form offers: reading only, or reading and changing. */
export const TOKEN_ACCESS = {
  read: { label: "Read only", scopes: ["read"] },
  write: { label: "Read and write", scopes: ["read", "write"] },
} as const satisfies Record<string, { label: string; scopes: readonly TokenScope[] }>;
export type TokenAccess = keyof typeof TOKEN_ACCESS;

/** Days until a new token expires; "never" keeps it until it is revoked. */
export const TOKEN_EXPIRY = ["30", "90", "365", "never"] as const;
export type TokenExpiry = (typeof TOKEN_EXPIRY)[number];
export const TOKEN_EXPIRY_LABELS: Record<TokenExpiry, string> = {
  "30": "30 days",
  "90": "90 days",
  "365": "One year",
  never: "Never",
};

/**
 * A team token acts in its team with a facilitator's abilities at most: it
 * runs meetings and keeps the collection, and never changes people, series
 * or settings, which stay with a person signed in.
 */
export const TEAM_TOKEN_ABILITIES: readonly TeamAbility[] = ["view", "run-meetings", "curate"];

/** How many live (unrevoked, unexpired) tokens a member or a team may hold. */
export const TOKENS_MAX = 20;

export const TOKEN_NAME_MAX = 60;

/** `cu_`, a public id of 10 characters, `_`, a secret of 43 (32 random bytes, base64url). */
export const TOKEN_PATTERN = /^cu_([a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;

export const newTokenSchema = z.object({
  name: z
    .string({ error: "Please give the token a name" })
    .trim()
    .min(1, "Please give the token a name")
    .max(TOKEN_NAME_MAX, `A token's name has at most ${TOKEN_NAME_MAX} characters`),
  access: z.enum(Object.keys(TOKEN_ACCESS) as [TokenAccess, ...TokenAccess[]], {
    error: "Choose read only, or read and write",
  }),
  expiry: z.enum(TOKEN_EXPIRY, { error: "Choose when the token expires" }),
});

/** A token as its lists show it: never its secret, which only its creator saw once. */
export type TokenListing = {
  id: string;
  publicId: string;
  name: string;
  scopes: string[];
  teamName: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/**
 * The token of an `Authorization: Bearer` header ("" when the scheme comes
 * without one), or null for no header or another scheme. The Origin check
 * and the actor read the header by this one rule, so a request the check
 * lets through as a token's is always answered as a token's.
 */
export function bearerOf(header: string | undefined): string | null {
  if (header === undefined || !/^bearer(?:[ \t]|$)/i.test(header)) return null;
  return header.slice(6).trim();
}
