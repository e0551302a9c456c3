import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { profiles, users } from "~/db/schema";
import type { Plan } from "~/shared/accounts";
import { hasPremium, paidPremium } from "../billing/premium.server";

export type Profile = {
  userId: string;
  fullName: string;
  email: string;
  /** What the account has now: Premium when an admin granted it or a subscription gives it. */
  plan: Plan;
  /** The plan an admin granted (the admin page changes this one). */
  grantedPlan: Plan;
  /** Whether a Stripe subscription gives Premium now. */
  paidPremium: boolean;
  isAdmin: boolean;
  createdAt: Date;
};

const isListed = (email: string, adminEmails: readonly string[]) => adminEmails.includes(email.trim().toLowerCase());

/**
 * Creates the profile of a new user: free plan, admin when ADMIN_EMAILS lists
 * the address. Safe to call twice (a retried hook never fails sign-up).
 */
export async function createProfile(
  db: Database,
  user: { id: string; name: string; email: string },
  adminEmails: readonly string[],
): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId: user.id, fullName: user.name.trim(), isAdmin: isListed(user.email, adminEmails) })
    .onConflictDoNothing();
}

/** ADMIN_EMAILS also grants admin at sign-in, for addresses added to the list later. Never revokes. */
export async function grantListedAdmin(db: Database, userId: string, adminEmails: readonly string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user || !isListed(user.email, adminEmails)) return;
  await db.update(profiles).set({ isAdmin: true, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}

export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({
      userId: profiles.userId,
      fullName: profiles.fullName,
      email: users.email,
      grantedPlan: profiles.plan,
      paidPremium: paidPremium(profiles.userId),
      premium: hasPremium(),
      isAdmin: profiles.isAdmin,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  if (!row) return null;
  const { premium, ...profile } = row;
  // Premium is decided by the SQL rule alone (granted or paid), never again here.
  return { ...profile, grantedPlan: row.grantedPlan as Plan, plan: premium ? "premium" : "free" };
}

/** The name is kept on the profile and mirrored on the sign-in record, which e-mails greet with. */
export async function updateFullName(db: Database, userId: string, fullName: string): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ fullName, updatedAt: now }).where(eq(profiles.userId, userId));
    await tx.update(users).set({ name: fullName, updatedAt: now }).where(eq(users.id, userId));
  });
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row?.id ?? null;
}

/** Changes the admin flag or plan; returns the profile before and after (for the audit log), or null when there is no such user. */
export async function updateAccess(
  db: Database,
  userId: string,
  change: { isAdmin?: boolean; plan?: Plan },
): Promise<{ before: Profile; after: Profile } | null> {
  const before = await getProfile(db, userId);
  if (!before) return null;
  await db
    .update(profiles)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
  const after = await getProfile(db, userId);
  return after ? { before, after } : null;
}
