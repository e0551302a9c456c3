import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from "~/domain/accounts/auth.server";
import { getAuth } from "~/services.server";
import { type AccountAction, type CodedError, coded } from "~/shared/errors/codes";
import { englishMessage } from "~/shared/errors/english";

/** Headers of the page request that better-auth needs: who (cookies), from where (IP, agent), CSRF (origin). */
const FORWARDED = ["cookie", "origin", "referer", "user-agent", CLIENT_IP_HEADER];

export type AuthAnswer = {
  ok: boolean;
  status: number;
  /** better-auth's JSON answer ({code, message} on errors). */
  body: Record<string, unknown> | null;
  /** Set-Cookie headers to pass on to the browser. */
  cookies: string[];
  /** Where better-auth redirected, for endpoints that answer with a redirect. */
  location: string | null;
  retryAfterSeconds: number | null;
};

/**
 * Calls a better-auth endpoint on behalf of a page's form action. Going
 * through its HTTP handler (not `auth.api`) keeps its rate limits and
 * origin checks in force for our own forms.
 */
async function callAuth(
  request: Request,
  path: string,
  body?: Record<string, unknown>,
  method: "GET" | "POST" = "POST",
): Promise<AuthAnswer> {
  const auth = await getAuth();
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (body) headers.set("content-type", "application/json");
  const url = new URL(`${AUTH_BASE_PATH}${path}`, auth.options.baseURL as string);
  const response = await auth.handler(
    new Request(url, { method, headers, body: body ? JSON.stringify(body) : undefined, redirect: "manual" }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  const retryAfter = Number(response.headers.get("x-retry-after") ?? response.headers.get("retry-after"));
  return {
    ok: response.ok,
    status: response.status,
    body: parsed,
    cookies: response.headers.getSetCookie(),
    location: response.headers.get("location"),
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
}

/** Headers carrying better-auth's cookies on our own response. */
export function withCookies(answer: Pick<AuthAnswer, "cookies">, init: HeadersInit = {}): Headers {
  const headers = new Headers(init);
  for (const cookie of answer.cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * A failed call as an error code: a wait on 429, else better-auth's refusal
 * with its own code and words (its message is the detail), and what failed.
 */
export function authError(answer: AuthAnswer, action: AccountAction): CodedError {
  if (answer.status === 429) {
    const wait = answer.retryAfterSeconds;
    return coded("AUTH_TOO_MANY_ATTEMPTS", wait ? { retryAfterSeconds: wait } : {});
  }
  const { code, message } = answer.body ?? {};
  return coded("ACCOUNT_REFUSED", {
    action,
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof message === "string" && message ? { detail: message } : {}),
  });
}

/** The same in the words a page shows. */
export function authErrorMessage(answer: AuthAnswer, action: AccountAction): string {
  return englishMessage(authError(answer, action));
}

/** Where e-mail verification links land. */
const VERIFIED_CALLBACK = "/verify-email?status=verified";

/**
 * Every account action our pages take, each a typed call on behalf of the
 * page request (its cookies, address and origin), answering better-auth's
 * outcome and the cookies to pass on.
 */
export const accounts = {
  signIn: (request: Request, input: { email: string; password: string }) =>
    callAuth(request, "/sign-in/email", { ...input, rememberMe: true }),
  /** `next`: where the verified member continues (an invitation they came from), offered on the verified page. */
  signUp: (request: Request, { next, ...input }: { name: string; email: string; password: string; next: string }) =>
    callAuth(request, "/sign-up/email", {
      ...input,
      callbackURL: next === "/" ? VERIFIED_CALLBACK : `${VERIFIED_CALLBACK}&next=${encodeURIComponent(next)}`,
    }),
  /** Starts Google sign-in; the answer's body names the provider's page to go to. */
  signInWithGoogle: (request: Request, input: { providerId: string; next: string }) => {
    const callbackURL = `/auth/callback?next=${encodeURIComponent(input.next)}`;
    return callAuth(request, "/sign-in/social", {
      provider: input.providerId,
      callbackURL,
      newUserCallbackURL: callbackURL,
      errorCallbackURL: "/sign-in?error=google",
    });
  },
  signOut: (request: Request) => callAuth(request, "/sign-out", {}),
  signOutEverywhere: (request: Request) => callAuth(request, "/revoke-sessions", {}),
  signOutDevice: (request: Request, sessionToken: string) =>
    callAuth(request, "/revoke-session", { token: sessionToken }),
  sendVerificationEmail: (request: Request, email: string) =>
    callAuth(request, "/send-verification-email", { email, callbackURL: VERIFIED_CALLBACK }),
  requestPasswordReset: (request: Request, email: string) =>
    callAuth(request, "/request-password-reset", { email, redirectTo: "/reset-password" }),
  resetPassword: (request: Request, input: { newPassword: string; token: string }) =>
    callAuth(request, "/reset-password", input),
  /** Changes the password and signs out every other session. */
  changePassword: (request: Request, input: { currentPassword: string; newPassword: string }) =>
    callAuth(request, "/change-password", { ...input, revokeOtherSessions: true }),
  changeEmail: (request: Request, newEmail: string) =>
    callAuth(request, "/change-email", { newEmail, callbackURL: "/profile?notice=email-changed" }),
  /** Starts two-factor setup; the answer's body carries the TOTP URI and backup codes. */
  enableTwoFactor: (request: Request, password: string) => callAuth(request, "/two-factor/enable", { password }),
  disableTwoFactor: (request: Request, password: string) => callAuth(request, "/two-factor/disable", { password }),
  verifyTotp: (request: Request, code: string) => callAuth(request, "/two-factor/verify-totp", { code }),
  verifyBackupCode: (request: Request, code: string) => callAuth(request, "/two-factor/verify-backup-code", { code }),
  deleteAccount: (request: Request, password: string | undefined) =>
    callAuth(request, "/delete-user", password === undefined ? {} : { password }),
};
