import { z } from "zod";

/**
 * Account forms and rules shared by the browser and the server. The texts
 * are SPEC section 5's where it gives them.
 */

export const PLANS = ["free", "premium"] as const;
export type Plan = (typeof PLANS)[number];

/** Stronger than SPEC's 6 (PRODUCT decision); the sign-up form says so. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

const email = z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address"));
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, "Please enter your full name")
  .max(80, "Your name must be at most 80 characters");

const ALL_FIELDS = "Please fill in all fields";
const present = (v: unknown) => typeof v === "string" && v.trim() !== "";

export const signUpSchema = z
  .object({ fullName: z.string(), email: z.string(), password: z.string() })
  .refine((v) => present(v.fullName) && present(v.email) && present(v.password), { message: ALL_FIELDS })
  .pipe(z.object({ fullName: fullNameSchema, email, password }));

export const signInSchema = z
  .object({ email: z.string(), password: z.string() })
  .refine((v) => present(v.email) && present(v.password), { message: "Please enter your email and password" })
  .pipe(z.object({ email, password: z.string() }));

export const emailOnlySchema = z.object({
  email: z.string().trim().min(1, "Please enter your email address").pipe(email),
});

export const newPasswordSchema = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "The two passwords do not match", path: ["confirm"] });

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, "Please enter your current password"), newPassword: password })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: "The new password must differ from the current one",
    path: ["newPassword"],
  });

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

export const backupCodeSchema = z.object({
  code: z.string().trim().min(6, "Enter one of your backup codes").max(40, "Enter one of your backup codes"),
});

/** The first problem of a failed parse, as one sentence for the form. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form";
}

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
