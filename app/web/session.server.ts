import { redirect } from "react-router";
import {
  currentUser,
  type SessionAndTeam,
  type SessionLookup,
  type SignedInUser,
  type TeamMembership,
} from "~/domain/accounts/viewer.server";
import { database, getAuth } from "~/services.server";
import { coded } from "~/shared/errors/codes";
import { pageError } from "./http.server";

// One session lookup per request, however many loaders ask.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();

function lookUp(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = (async () => currentUser(await getAuth(), (await database()).db, request.headers))();
    lookups.set(request, lookup);
  }
  return lookup;
}

export async function getUser(request: Request): Promise<SignedInUser | null> {
  return (await lookUp(request)).user;
}

/**
 * The user and their membership of one team (a valid team id). The first
 * lookup of a request reads both in one statement; when the session was
 * read already, the membership is read on its own (undefined: read it).
 */
export async function getUserAndMembership(
  request: Request,
  teamId: string,
): Promise<{ user: SignedInUser | null; membership: TeamMembership | null | undefined }> {
  const earlier = lookups.get(request);
  if (earlier) return { user: (await earlier).user, membership: undefined };
  const combined: Promise<SessionAndTeam> = (async () =>
    currentUser(await getAuth(), (await database()).db, request.headers, teamId))();
  lookups.set(request, combined);
  const { user, membership } = await combined;
  return { user, membership };
}

/**
 * The session cookie as better-auth renewed it for this request, as response
 * headers for the root loader. Only on GET: in a POST without JavaScript an
 * action may sign in or rotate the session, and its own cookie must win.
 */
export async function sessionCookieHeaders(request: Request): Promise<Headers> {
  const headers = new Headers();
  if (request.method !== "GET") return headers;
  const { user, setCookies } = await lookUp(request);
  if (user) for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The path and query of this request, to come back to after signing in. */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function signInPath(redirectTo: string): string {
  return redirectTo === "/" ? "/sign-in" : `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** Route guard for pages that need an account: to /sign-in and back again afterwards. */
export async function requireUser(request: Request): Promise<SignedInUser> {
  const user = await getUser(request);
  if (!user) throw redirect(signInPath(returnPath(request)));
  return user;
}

/** Route guard for sign-in, sign-up and friends: a signed-in user goes home. */
export async function requireSignedOut(request: Request): Promise<void> {
  if (await getUser(request)) throw redirect("/");
}

/** Admin pages: visitors sign in first; signed-in non-admins get a 403 page. */
export async function requireAdminPage(request: Request): Promise<SignedInUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw pageError(coded("ADMIN_REQUIRED"));
  return user;
}
