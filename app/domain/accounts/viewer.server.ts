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

/** Reads the session cookie; null for visitors, expired sessions and users without a profile. */
export async function currentUser(auth: Auth, db: Database, headers: Headers): Promise<SignedInUser | null> {
  if (!headers.get("cookie")) return null;
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const profile = await getProfile(db, session.user.id);
  if (!profile) return null;
  return {
    id: session.user.id,
    sessionId: session.session.id,
    name: profile.fullName,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    plan: profile.plan,
    isAdmin: profile.isAdmin,
    twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
  };
}
