import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { preparedRows, prepareStatement } from "~/db/prepared.server";
import { profiles, sessions, teamMembers, teams, users } from "~/db/schema";
import type { Plan } from "~/shared/accounts";
import { hasPremium } from "../billing/premium.server";
import type { Auth } from "./auth.server";
import { getProfile } from "./profiles.server";

/** The signed-in user as the rest of the app sees them. */
export type SignedInUser = {
  id: string;
  sessionId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  plan: Plan;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
};

/** The signed-in user's place in the team a request names, read with the session. */
export type TeamMembership = { teamName: string; timeZone: string; role: string };

export type SessionLookup = {
  user: SignedInUser | null;
  /**
   * Set-Cookie values better-auth wrote while reading the session: after a
   * day of use it extends the session and renews the cookie, so an active
   * member is not signed out when the first cookie runs out.
   */
  setCookies: string[];
};

/** A session lookup that also read the membership of one team (null: not a member, or no such team). */
export type SessionAndTeam = SessionLookup & { membership: TeamMembership | null };

type SessionRow = {
  session_id: string;
  user_id: string;
  expires_at: Date | string;
  email: string;
  email_verified: boolean;
  two_factor_enabled: boolean | null;
  full_name: string;
  premium: boolean;
  is_admin: boolean;
  team_role: string | null;
  team_name: string | null;
  team_time_zone: string | null;
};

/**
 * The session, its user, their profile and (when asked) their membership of
 * one team in one statement: a team request's guards cost one round trip.
 */
const sessionStatement = prepareStatement(sql`
  select ${sessions.id} as session_id, ${sessions.userId} as user_id, ${sessions.expiresAt} as expires_at,
         ${users.email} as email, ${users.emailVerified} as email_verified,
         ${users.twoFactorEnabled} as two_factor_enabled, ${profiles.fullName} as full_name,
         ${hasPremium()} as premium,
         ${profiles.isAdmin} as is_admin, ${teamMembers.role} as team_role, ${teams.name} as team_name,
         ${teams.timeZone} as team_time_zone
    from ${sessions}
    join ${users} on ${users.id} = ${sessions.userId}
    join ${profiles} on ${profiles.userId} = ${sessions.userId}
    left join ${teamMembers} on ${teamMembers.teamId} = ${sql.placeholder("teamId")}::uuid
                            and ${teamMembers.userId} = ${sessions.userId}
    left join ${teams} on ${teams.id} = ${teamMembers.teamId}
   where ${sessions.token} = ${sql.placeholder("token")}`);

/** The one value of a cookie, or null when it is missing, sent twice or quoted (better-auth decides those). */
function singleCookie(header: string, name: string): string | null {
  let found: string | null = null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    if (found !== null) return null;
    found = part.slice(eq + 1).trim();
  }
  if (!found || found.startsWith('"')) return null;
  try {
    return decodeURIComponent(found);
  } catch {
    return null;
  }
}

/** The session token of a cookie better-auth signed (`token.base64 HMAC-SHA256`), or null. */
function signedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The common case read directly: a validly signed cookie of a live session
 * that better-auth would not extend on this request, so reading it writes
 * nothing. Anything else (no such session, expired, due for renewal, a
 * session-data cookie to clean up, a cookie in an unusual form) is left to
 * better-auth, which deletes, renews or clears as it does on every request:
 * undefined means "ask better-auth". The session row is read on every
 * request either way, so a revoked session ends at once.
 */
async function directLookup(
  auth: Auth,
  db: Database,
  cookieHeader: string,
  teamId: string | null,
): Promise<SessionAndTeam | undefined> {
  const context = await auth.$context;
  const { sessionToken, sessionData } = context.authCookies;
  if (cookieHeader.includes(sessionData.name)) return undefined;
  const value = singleCookie(cookieHeader, sessionToken.name);
  const token = value && signedToken(value, context.secret);
  if (!token) return undefined;
  const [row] = await preparedRows<SessionRow>(db, sessionStatement, { token, teamId });
  if (!row) return undefined;
  const expiresAt = new Date(row.expires_at).getTime();
  const { expiresIn, updateAge } = context.sessionConfig;
  const now = Date.now();
  // better-auth's own rule: expired, or older than updateAge and so extended (with a new cookie) on this request.
  if (expiresAt < now || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return undefined;
  return {
    user: {
      id: row.user_id,
      sessionId: row.session_id,
      name: row.full_name,
      email: row.email,
      emailVerified: row.email_verified,
      plan: row.premium ? "premium" : "free",
      isAdmin: row.is_admin,
      twoFactorEnabled: Boolean(row.two_factor_enabled),
    },
    setCookies: [],
    membership:
      row.team_role && row.team_name !== null && row.team_time_zone !== null
        ? { role: row.team_role, teamName: row.team_name, timeZone: row.team_time_zone }
        : null,
  };
}

/** The membership of one team as a separate read, for a session better-auth had to read. */
async function membershipOf(db: Database, teamId: string, userId: string): Promise<TeamMembership | null> {
  const [row] = await db
    .select({ teamName: teams.name, timeZone: teams.timeZone, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(sql`${teamMembers.teamId} = ${teamId} and ${teamMembers.userId} = ${userId}`);
  return row ?? null;
}

/**
 * Reads the session cookie; no user for visitors, expired sessions and users
 * without a profile. With a team id (a valid UUID), also the user's
 * membership of that team.
 */
export async function currentUser(
  auth: Auth,
  db: Database,
  headers: Headers,
  teamId: string | null = null,
): Promise<SessionAndTeam> {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return { user: null, setCookies: [], membership: null };
  const direct = await directLookup(auth, db, cookieHeader, teamId);
  if (direct) return direct;
  const { headers: written, response: session } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = written.getSetCookie();
  if (!session) return { user: null, setCookies, membership: null };
  const profile = await getProfile(db, session.user.id);
  if (!profile) return { user: null, setCookies, membership: null };
  return {
    user: {
      id: session.user.id,
      sessionId: session.session.id,
      name: profile.fullName,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
      plan: profile.plan,
      isAdmin: profile.isAdmin,
      twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
    },
    setCookies,
    membership: teamId ? await membershipOf(db, teamId, session.user.id) : null,
  };
}
