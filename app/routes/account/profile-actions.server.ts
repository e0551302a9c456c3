import QRCode from "qrcode";
import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import { updateFullName } from "~/domain/accounts/profiles.server";
import { sessionTokenById } from "~/domain/accounts/sessions.server";
import type { SignedInUser } from "~/domain/accounts/viewer.server";
import { setProductNewsConsent } from "~/domain/news/consent.server";
import { database, getAuth } from "~/services.server";
import type { ProfileActionResult } from "~/shared/accounts";
import {
  changePasswordSchema,
  emailOnlySchema,
  firstIssue,
  fullNameSchema,
  totpCodeSchema,
} from "~/shared/accounts-schemas";
import { coded } from "~/shared/errors/codes";
import { englishMessage } from "~/shared/errors/english";
import { ownEntry } from "~/shared/own-entry";
import { type AuthAnswer, accounts, authErrorMessage, withCookies } from "~/web/accounts.server";
import { formBody } from "~/web/http.server";

/** What a profile form gets back: which section, and its outcome. */
type Form = Record<string, FormDataEntryValue>;
/** Every handler answers a ProfileActionResult (or throws a redirect), so the page's action data is inferred. */
type Answer = ReturnType<typeof data<ProfileActionResult>>;
type Handler = (request: Request, user: SignedInUser, form: Form) => Promise<Answer>;

const ok = (section: string, success: string, answer?: AuthAnswer) =>
  data<ProfileActionResult>({ section, success }, { headers: answer ? withCookies(answer) : undefined });
const fail = (section: string, error: string, status = 400) =>
  data<ProfileActionResult>({ section, error }, { status });
const failed = (section: string, answer: AuthAnswer, fallback: string) =>
  fail(section, authErrorMessage(answer, fallback), Math.max(answer.status, 400));

const passwordOnly = z.object({ password: z.string().min(1, "Please enter your password") });

const HANDLERS: Record<string, Handler> = {
  async name(_request, user, form) {
    const parsed = fullNameSchema.safeParse(form.fullName);
    if (!parsed.success) return fail("name", firstIssue(parsed.error));
    await updateFullName((await database()).db, user.id, parsed.data);
    return ok("name", "Your name is saved.");
  },

  async "product-news"(_request, user, form) {
    const wanted = form.productNews === "on";
    await setProductNewsConsent((await database()).db, user.id, wanted);
    return ok("product-news", wanted ? "You will get occasional product news." : "You will get no product news.");
  },

  async password(request, _user, form) {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return fail("password", firstIssue(parsed.error));
    const answer = await accounts.changePassword(request, parsed.data);
    if (!answer.ok) return failed("password", answer, "Failed to change password");
    return ok("password", "Your password is changed. Every other device has been signed out.", answer);
  },

  async email(request, user, form) {
    const parsed = emailOnlySchema.safeParse({ email: form.newEmail });
    if (!parsed.success) return fail("email", firstIssue(parsed.error));
    if (parsed.data.email === user.email.toLowerCase()) return fail("email", "That is already your address.");
    const answer = await accounts.changeEmail(request, parsed.data.email);
    if (!answer.ok) return failed("email", answer, "Failed to change email");
    return ok(
      "email",
      `To make the change, open the link we sent to ${user.email}, then the one we send to ${parsed.data.email}.`,
    );
  },

  async "2fa-enable"(request, _user, form) {
    const parsed = passwordOnly.safeParse(form);
    if (!parsed.success) return fail("2fa", firstIssue(parsed.error));
    const answer = await accounts.enableTwoFactor(request, parsed.data.password);
    const totpURI = answer.body?.totpURI;
    if (!answer.ok || typeof totpURI !== "string") return failed("2fa", answer, "Failed to start two-factor setup");
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return data<ProfileActionResult>(
      {
        section: "2fa",
        setup: {
          totpURI,
          secret,
          qrDataUrl: await QRCode.toDataURL(totpURI, { margin: 1, width: 200 }),
          backupCodes: (answer.body?.backupCodes as string[] | undefined) ?? [],
        },
      },
      { headers: withCookies(answer) },
    );
  },

  async "2fa-verify"(request, _user, form) {
    const parsed = totpCodeSchema.safeParse(form);
    if (!parsed.success) return fail("2fa", firstIssue(parsed.error));
    const answer = await accounts.verifyTotp(request, parsed.data.code);
    if (!answer.ok) return failed("2fa", answer, "That code did not work. Please try again.");
    return ok("2fa", "Two-factor is on. From now on, signing in asks for a code from your app.", answer);
  },

  async "2fa-disable"(request, _user, form) {
    const parsed = passwordOnly.safeParse(form);
    if (!parsed.success) return fail("2fa", firstIssue(parsed.error));
    const answer = await accounts.disableTwoFactor(request, parsed.data.password);
    if (!answer.ok) return failed("2fa", answer, "Failed to turn off two-factor");
    return ok("2fa", "Two-factor is off.", answer);
  },

  async "revoke-session"(request, user, form) {
    const sessionId = String(form.sessionId ?? "");
    const token = await sessionTokenById((await database()).db, user.id, sessionId);
    if (!token) return fail("sessions", "That session has already ended.", 404);
    const answer = await accounts.signOutDevice(request, token);
    if (!answer.ok) return failed("sessions", answer, "Failed to sign out that device");
    return ok("sessions", "That device is signed out.");
  },

  async delete(request, _user, form) {
    if (
      String(form.confirm ?? "")
        .trim()
        .toLowerCase() !== "delete"
    ) {
      return fail("delete", 'Type "delete" to confirm.');
    }
    // Whether the account has a password is the server's to know, never the form's to say.
    const linked = await (await getAuth()).api.listUserAccounts({ headers: request.headers });
    const hasPassword = linked.some((a) => a.providerId === "credential");
    const password = String(form.password ?? "");
    if (hasPassword && !password) return fail("delete", englishMessage(coded("PASSWORD_REQUIRED")));
    const answer = await accounts.deleteAccount(request, hasPassword ? password : undefined);
    if (!answer.ok) return failed("delete", answer, "Failed to delete your account");
    throw redirect("/sign-in?notice=accountDeleted", { headers: withCookies(answer) });
  },
};

export async function profileAction(request: Request, context: AppLoadContext, user: SignedInUser): Promise<Answer> {
  const form = Object.fromEntries(formBody(context));
  const handler = ownEntry(HANDLERS, String(form.intent ?? ""));
  if (!handler) return fail("profile", "Unknown action");
  return handler(request, user, form);
}
