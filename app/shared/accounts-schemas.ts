import { z } from "zod";
import { fullNameProblem, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./accounts";

/** The account forms' checks, used by route actions on the server; their messages are the forms' texts. */

const email = z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address"));
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
export const fullNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = fullNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

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
