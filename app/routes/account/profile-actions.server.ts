import QRCode from "qrcode";
import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import { sessionTokenById } from "~/domain/accounts/sessions.server";
import type { SignedInUser } from "~/domain/accounts/viewer.server";
import { database, getAuth } from "~/services.server";
import type { ProfileActionResult } from "~/shared/accounts";
import { changePasswordSchema, emailOnlySchema, firstIssue, totpCodeSchema } from "~/shared/accounts-schemas";
import type { AccountAction } from "~/shared/errors/codes";
import { say } from "~/shared/errors/english";
import { ownEntry } from "~/shared/own-entry";
import { createPersonalToken, revokePersonalToken } from "~/use-cases/accounts/api-tokens.server";
import { changeFullName, chooseProductNews } from "~/use-cases/accounts/profile.server";
import { type AuthAnswer, accounts, authErrorMessage, withCookies } from "~/web/accounts.server";
import { runForPage } from "~/web/adapters/page.server";
import { formBody } from "~/web/http.server";

/** What a profile form gets back: which section, and its outcome. */
type Form = Record<string, FormDataEntryValue>;
/** Every handler answers a ProfileActionResult (or throws a redirect), so the page's action data is inferred. */
type Answer = ReturnType<typeof data<ProfileActionResult>>;
type Page = { request: Request; context: AppLoadContext };
type Handler = (request: Request, user: SignedInUser, form: Form, page: Page) => Promise<Answer>;

const ok = (section: string, success: string, answer?: AuthAnswer) =>
  data<ProfileActionResult>({ section, success }, { headers: answer ? withCookies(answer) : undefined });
const fail = (section: string, error: string, status = 400) =>
  data<ProfileActionResult>({ section, error }, { status });
const failed = (section: string, answer: AuthAnswer, action: AccountAction) =>
  fail(section, authErrorMessage(answer, action), Math.max(answer.status, 400));
const refused = (section: string, code: "ALREADY_YOUR_EMAIL" | "DELETE_NOT_CONFIRMED" | "PASSWORD_REQUIRED") =>
  fail(section, say(code));

const passwordOnly = z.object({ password: z.string().min(1, "Please enter your password") });

const HANDLERS: Record<string, Handler> = {
  async name(_request, _user, form, page) {
    const saved = await runForPage(changeFullName, page, { fullName: form.fullName });
    if (!saved.ok) return fail("name", saved.message, saved.status);
    return ok("name", "Your name is saved.");
  },

  async "product-news"(_request, _user, form, page) {
    const chosen = await runForPage(chooseProductNews, page, { wanted: form.productNews === "on" });
    if (!chosen.ok) return fail("product-news", chosen.message, chosen.status);
    const { wanted } = chosen.value;
    return ok("product-news", wanted ? "You will get occasional product news." : "You will get no product news.");
  },

  async "token-create"(_request, _user, form, page) {
    const made = await runForPage(createPersonalToken, page, form);
    if (!made.ok) return fail("tokens", made.message, made.status);
    return data<ProfileActionResult>({
      section: "tokens",
      created: { name: made.value.listing.name, token: made.value.token },
    });
  },

  async "token-revoke"(_request, _user, form, page) {
    const revoked = await runForPage(revokePersonalToken, page, { tokenId: form.tokenId });
    if (!revoked.ok) return fail("tokens", revoked.message, revoked.status);
    return ok("tokens", "The token is revoked.");
  },

  // What follows is better-auth's to do, through its own endpoint on behalf of the page's request (its
  // cookies, origin and rate limits), so these forms stay hand-written; their refusals are codes all the same.

  async password(request, _user, form) {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return fail("password", firstIssue(parsed.error));
    const answer = await accounts.changePassword(request, parsed.data);
    if (!answer.ok) return failed("password", answer, "change-password");
    return ok("password", "Your password is changed. Every other device has been signed out.", answer);
  },

  async email(request, user, form) {
    const parsed = emailOnlySchema.safeParse({ email: form.newEmail });
    if (!parsed.success) return fail("email", firstIssue(parsed.error));
    if (parsed.data.email === user.email.toLowerCase()) return refused("email", "ALREADY_YOUR_EMAIL");
    const answer = await accounts.changeEmail(request, parsed.data.email);
    if (!answer.ok) return failed("email", answer, "change-email");
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
    if (!answer.ok || typeof totpURI !== "string") return failed("2fa", answer, "start-two-factor");
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
    if (!answer.ok) return failed("2fa", answer, "verify-code");
    return ok("2fa", "Two-factor is on. From now on, signing in asks for a code from your app.", answer);
  },

  async "2fa-disable"(request, _user, form) {
    const parsed = passwordOnly.safeParse(form);
    if (!parsed.success) return fail("2fa", firstIssue(parsed.error));
    const answer = await accounts.disableTwoFactor(request, parsed.data.password);
    if (!answer.ok) return failed("2fa", answer, "stop-two-factor");
    return ok("2fa", "Two-factor is off.", answer);
  },

  async "revoke-session"(request, user, form) {
    const sessionId = String(form.sessionId ?? "");
    const token = await sessionTokenById((await database()).db, user.id, sessionId);
    if (!token) return fail("sessions", say("SESSION_ALREADY_ENDED"), 404);
    const answer = await accounts.signOutDevice(request, token);
    if (!answer.ok) return failed("sessions", answer, "sign-out-device");
    return ok("sessions", "That device is signed out.");
  },

  async delete(request, _user, form) {
    if (
      String(form.confirm ?? "")
        .trim()
        .toLowerCase() !== "delete"
    ) {
      return refused("delete", "DELETE_NOT_CONFIRMED");
    }
    // Whether the account has a password is the server's to know, never the form's to say.
    const linked = await (await getAuth()).api.listUserAccounts({ headers: request.headers });
    const hasPassword = linked.some((a) => a.providerId === "credential");
    const password = String(form.password ?? "");
    if (hasPassword && !password) return refused("delete", "PASSWORD_REQUIRED");
    const answer = await accounts.deleteAccount(request, hasPassword ? password : undefined);
    if (!answer.ok) return failed("delete", answer, "delete-account");
    throw redirect("/sign-in?notice=accountDeleted", { headers: withCookies(answer) });
  },
};

export async function profileAction(request: Request, context: AppLoadContext, user: SignedInUser): Promise<Answer> {
  const form = Object.fromEntries(formBody(context));
  const handler = ownEntry(HANDLERS, String(form.intent ?? ""));
  if (!handler) return fail("profile", say("UNKNOWN_ACTION"));
  return handler(request, user, form, { request, context });
}
