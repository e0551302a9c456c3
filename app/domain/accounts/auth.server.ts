import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { accounts, questions, rateLimits, sessions, twoFactors, users, verifications } from "~/db/schema";
import type { EmailContent } from "~/domain/email/templates";
import {
  emailChangeEmail,
  existingAccountEmail,
  passwordResetEmail,
  verificationEmail,
  welcomeEmail,
} from "~/domain/email/templates";
import {
  fullNameProblem,
  isProfileImageUrl,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  nameFromProvider,
  safeRedirectPath,
} from "~/shared/accounts";
import { say } from "~/shared/errors/english";
import { recordEvent } from "../analytics/events.server";
import { handOverTeamsOf } from "../teams/teams.server";
import { createProfile, grantListedAdmin } from "./profiles.server";
import { recordFailedSignIn, recordSignIn, type SignInAttempt, signInRefusal } from "./sign-in-throttle.server";

/** Where better-auth answers; pages call it through the same path. */
export const AUTH_BASE_PATH = "/api/auth";

/** Set by our HTTP layer from the socket (or the trusted proxy), replacing anything a client sent. */
export const CLIENT_IP_HEADER = "x-circleup-client-ip";

export const GOOGLE_PROVIDER_ID = "google";

export const RESET_LINK_MINUTES = 60;

type Logger = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
};

/** The settings accounts need; the process configuration is one. */
export type AuthSettings = {
  appName: string;
  publicUrl: string;
  /** Lowercased addresses made admins when they sign up or sign in. */
  adminEmails: string[];
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
};

export type AuthDeps = {
  db: Database;
  config: AuthSettings;
  secret: string;
  sendEmail: (kind: string, to: string, content: EmailContent) => void;
  logger: Logger;
};

/** Both loopback spellings are the same site for a local install. */
function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (url.hostname !== "localhost" && url.hostname !== "127.0.0.1") return [url.origin];
  return ["localhost", "127.0.0.1"].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

/** Fields of better-auth's requests that name where the browser goes next. */
const REDIRECT_FIELDS = ["callbackURL", "newUserCallbackURL", "errorCallbackURL", "redirectTo"] as const;

/** `fields` with every redirect made a path of this site, or null when all of them already are. */
function sameSiteRedirects(fields: unknown, ownOrigins: string[]): Record<string, unknown> | null {
  if (!fields || typeof fields !== "object") return null;
  const record = fields as Record<string, unknown>;
  let changed: Record<string, unknown> | null = null;
  for (const name of REDIRECT_FIELDS) {
    const value = record[name];
    if (value === undefined) continue;
    const safe = safeRedirectPath(value, ownOrigins);
    if (safe !== value) changed = { ...(changed ?? record), [name]: safe };
  }
  return changed;
}

/** Endpoints that write a user's name or picture, held to the rules of our forms. */
const PROFILE_WRITES = new Set(["/sign-up/email", "/update-user"]);

/**
 * The body of a sign-up or user update with its name trimmed, or the
 * refusal naming what is wrong: better-auth itself takes any name (200,000
 * characters, line breaks) and any picture address (`javascript:`).
 */
function checkedProfileFields(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  let checked: Record<string, unknown> | null = null;
  if ("name" in record) {
    const problem = typeof record.name === "string" ? fullNameProblem(record.name) : "Please enter your full name";
    if (problem) throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: problem });
    checked = { ...record, name: (record.name as string).trim() };
  }
  const image = record.image;
  if (image !== undefined && image !== null && (typeof image !== "string" || !isProfileImageUrl(image))) {
    throw new APIError("BAD_REQUEST", {
      code: "INVALID_IMAGE",
      message: "image must be an http or https address of at most 2,000 characters",
    });
  }
  return checked;
}

/** A session as JSON without its token: the object itself when it has none. */
function withoutToken(value: unknown): unknown {
  if (!value || typeof value !== "object" || !("token" in value)) return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** better-auth's JSON answer without session tokens: at the top, in `session`, or in each listed session. */
function withoutSessionTokens(returned: object): object {
  if (Array.isArray(returned)) {
    const list = returned.map(withoutToken);
    return list.some((item, index) => item !== returned[index]) ? list : returned;
  }
  const top = withoutToken(returned) as Record<string, unknown>;
  const session = withoutToken(top.session);
  if (top === returned && session === top.session) return returned;
  return { ...top, ...(session !== undefined && { session }) };
}

/**
 * better-auth owns passwords, sessions, tokens, two-factor and Google
 * sign-in; we only configure it. Every limit, mail and hook of accounts is
 * here, so this file is the one to read for "what happens when a user ...".
 */
export function createAuth({ db, config, secret, sendEmail, logger }: AuthDeps) {
  const { appName, publicUrl } = config;
  const ownOrigins = trustedOrigins(publicUrl);
  const absolute = (path: string) => `${publicUrl}${path}`;

  /** The account and address a password sign-in is for, as the throttle counts them. */
  const signInAttempt = (ctx: { body?: { email?: unknown }; headers?: Headers }): SignInAttempt => ({
    db,
    secret,
    email: typeof ctx.body?.email === "string" ? ctx.body.email : "",
    ip: ctx.headers?.get(CLIENT_IP_HEADER) || null,
  });

  return betterAuth({
    appName,
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: ownOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: rateLimits,
      },
    }),
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      // Messages only: better-auth's extra arguments can carry user records.
      log: (level, message) => {
        if (level === "error") logger.error({ component: "auth" }, message);
        else if (level === "warn") logger.warn({ component: "auth" }, message);
      },
    },
    advanced: {
      cookiePrefix: "circleup",
      useSecureCookies: publicUrl.startsWith("https://"),
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        sendEmail(
          "password_reset",
          user.email,
          passwordResetEmail({ appName, name: user.name, url, expiresInMinutes: RESET_LINK_MINUTES }),
        );
      },
      // Sign-up answers the same whether or not the address is taken; the owner hears about it by mail.
      onExistingUserSignUp: async ({ user }) => {
        sendEmail(
          "existing_account",
          user.email,
          existingAccountEmail({
            appName,
            name: user.name,
            signInUrl: absolute("/sign-in"),
            resetUrl: absolute("/sign-in?forgot=1"),
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        sendEmail("verification", user.email, verificationEmail({ appName, name: user.name, url }));
      },
      afterEmailVerification: async (user) => {
        sendEmail("welcome", user.email, welcomeEmail({ appName, name: user.name, url: absolute("/") }));
      },
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          sendEmail("email_change", user.email, emailChangeEmail({ appName, name: user.name, newEmail, url }));
        },
      },
      deleteUser: {
        enabled: true,
        // Published questions stay for the community without an author; unpublished ones go with the account.
        // A team the account owns goes to its longest-standing facilitator or member, or is deleted when empty.
        beforeDelete: async (user) => {
          await db.transaction(async (tx) => {
            await tx
              .delete(questions)
              .where(and(eq(questions.authorId, user.id), eq(questions.source, "user_submitted")));
            await handOverTeamsOf(tx, user.id);
          });
        },
      },
    },
    account: {
      // Google may join an existing account only when it vouches for the address (email_verified).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/send-verification-email": { window: 60, max: 3 },
        "/two-factor/*": { window: 60, max: 10 },
        "/change-password": { window: 60, max: 5 },
        "/change-email": { window: 60, max: 5 },
        "/delete-user": { window: 60, max: 5 },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Our forms and better-auth's sign-up refuse a bad name before this; a name from
          // Google arrives here unchecked, and a sign-in cannot be refused for it.
          before: async (user) => ({
            data: { ...user, name: nameFromProvider(user.name, user.email.split("@")[0] ?? "Member") },
          }),
          after: async (user) => {
            await createProfile(db, user, config.adminEmails);
            await recordEvent(db, "sign_up", { userId: user.id }).catch(() => {});
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await grantListedAdmin(db, session.userId, config.adminEmails);
            await recordEvent(db, "login", { userId: session.userId }).catch(() => {});
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // better-auth lets "/.//evil.example" through as a relative path, then normalises it
        // into "//evil.example" when it adds a query (the ?error= or ?token= of e-mail links).
        const query = sameSiteRedirects(ctx.query, ownOrigins);
        const profile = PROFILE_WRITES.has(ctx.path) ? checkedProfileFields(ctx.body) : null;
        const body = sameSiteRedirects(profile ?? ctx.body, ownOrigins) ?? profile;
        // Without a password better-auth deletes on a fresh session alone; an account that has
        // a password must give it, so a stolen session cookie cannot delete the account.
        if (ctx.path === "/delete-user" && !ctx.body?.password) {
          const session = await getSessionFromCtx(ctx);
          const credential = session && (await ctx.context.internalAdapter.findCredentialAccount(session.user.id));
          if (credential?.password) {
            throw new APIError("BAD_REQUEST", {
              code: "PASSWORD_REQUIRED",
              message: say("PASSWORD_REQUIRED"),
            });
          }
        }
        if (ctx.path === "/sign-in/email") {
          const refused = await signInRefusal(signInAttempt(ctx));
          if (refused) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { code: "TOO_MANY_FAILED_SIGN_INS", message: refused.message },
              { "X-Retry-After": String(refused.retryAfterSeconds) },
            );
          }
        }
        if (query || body) return { context: { ...(query && { query }), ...(body && { body }) } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A session token is a bearer credential: the HttpOnly cookie keeps it away from scripts, so no JSON
        // answer may hand it over (sign-in, sign-up, get-session, two-factor, list-sessions all carry it).
        const returned = ctx.context.returned;
        if (ctx.path === "/sign-in/email") {
          const failed = returned instanceof APIError && returned.statusCode === 401;
          if (failed) await recordFailedSignIn(signInAttempt(ctx));
          else if (!(returned instanceof APIError)) await recordSignIn(signInAttempt(ctx));
        }
        if (returned instanceof Response || !returned || typeof returned !== "object") return;
        const stripped = withoutSessionTokens(returned);
        if (stripped !== returned) return ctx.json(stripped as Record<string, unknown>);
      }),
    },
    plugins: [
      twoFactor({ issuer: appName }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  authentication: "basic",
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
