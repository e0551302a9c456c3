import type { Database } from "~/db/database.server";
import type { Plan } from "~/shared/accounts";
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

export type SessionLookup = {
  user: SignedInUser | null;
  /**
   * Set-Cookie values better-auth wrote while reading the session: after a
   * day of use it extends the session and renews the cookie, so an active
   * member is not signed out when the first cookie runs out.
   */
  setCookies: string[];
};

/** Reads the session cookie; no user for visitors, expired sessions and users without a profile. */
export async function currentUser(auth: Auth, db: Database, headers: Headers): Promise<SessionLookup> {
  if (!headers.get("cookie")) return { user: null, setCookies: [] };
  const { headers: written, response: session } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = written.getSetCookie();
  if (!session) return { user: null, setCookies };
  const profile = await getProfile(db, session.user.id);
  if (!profile) return { user: null, setCookies };
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
  };
}
