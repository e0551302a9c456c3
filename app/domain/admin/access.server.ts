import type { Database } from "~/db/database.server";
import { findUserIdByEmail, type Profile, updateAccess } from "~/domain/accounts/profiles.server";
import type { Plan } from "~/shared/accounts";
import { failure, type Outcome } from "../errors";
import { recordAudit } from "./audit.server";

export type AccessChange = { isAdmin?: boolean; plan?: Plan };

export type AccessResult = Outcome<{ profile: Profile }>;

const snapshot = (p: Profile) => ({ isAdmin: p.isAdmin, plan: p.grantedPlan });

/**
 * An admin grants or revokes admin access or premium. The caller has
 * checked that the actor is an admin; this refuses an admin removing their
 * own access (someone must stay able to administer) and records the change.
 */
export async function changeAccess(
  db: Database,
  actorId: string | null,
  userId: string,
  change: AccessChange,
): Promise<AccessResult> {
  if (actorId === userId && change.isAdmin === false) {
    return failure("OWN_ADMIN_ACCESS");
  }
  return db.transaction(async (tx) => {
    const result = await updateAccess(tx, userId, change);
    if (!result) return failure("USER_NOT_FOUND");
    await recordAudit(tx, {
      actorId,
      action: "user.access",
      targetType: "user",
      targetId: userId,
      before: snapshot(result.before),
      after: snapshot(result.after),
    });
    return { ok: true, profile: result.after } as const;
  });
}

/** For operators (`npm run admin`): grant or revoke admin by e-mail address. */
export async function setAdminByEmail(db: Database, email: string, isAdmin: boolean): Promise<AccessResult> {
  const userId = await findUserIdByEmail(db, email);
  if (!userId) return failure("NO_ACCOUNT_WITH_EMAIL", { email });
  return changeAccess(db, null, userId, { isAdmin });
}
