/**
 * Account rules shared by the browser and the server. The forms' zod
 * schemas live in accounts-schemas.ts, so account pages ship without zod.
 */

export const PLANS = ["free", "premium"] as const;
export type Plan = (typeof PLANS)[number];

/** At least 8 characters; the sign-up form says so. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Where to go after signing in. Only same-site paths count: anything with a
 * scheme, a host ("//evil.example") or a backslash falls back to "/".
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value === "") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // Control characters can smuggle a second URL past the checks above in some browsers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for them
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://same.site");
    if (url.host !== "same.site") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** What a profile form action answers: the section it belongs to and its outcome. */
export type ProfileActionResult = {
  section: string;
  error?: string;
  success?: string;
  /** Two-factor setup in progress: the key to scan and the backup codes, shown once. */
  setup?: { totpURI: string; secret: string; qrDataUrl: string; backupCodes: string[] };
};
