import { hashPassword } from "better-auth/crypto";
import { expect } from "vitest";
import { openDatabase } from "~/db/database.server";
import { accounts, profiles, users } from "~/db/schema";
import { TEST_PASSWORD } from "./accounts";
import type { HttpClient } from "./http-client";

/** A member who signed up and verified their address long ago. */
export type MemberSeed = {
  email: string;
  /** Default TEST_PASSWORD. */
  password?: string;
  /** Default "Ada Lovelace". */
  name?: string;
  /** An admin from the start (ADMIN_EMAILS also grants it at sign-in). */
  admin?: boolean;
  plan?: "free" | "premium";
  /** False: signed up but never opened the verification link. Default true. */
  verified?: boolean;
  /** Asked for product news (profiles.marketing_consent_at set). */
  productNews?: boolean;
};

/** Where the members go: a PostgreSQL database, or a DATA_DIR whose PGlite no server has open. */
export type MemberTarget = { databaseUrl: string } | { dataDir: string };

/** One hash per password for the whole file: hashing is slow on purpose, and a salt may be shared here. */
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * Writes verified members with a password straight into the database, as
 * better-auth stores them (user, credential account with its password hash,
 * our profile): for tests whose subject is not sign-up itself, which then
 * sign in (signIn) instead of going through the sign-up mail. Tests of
 * sign-up and verification keep using signUpAndVerify.
 */
export async function seedMembers(target: MemberTarget, members: MemberSeed[]): Promise<void> {
  if (members.length === 0) return;
  const handle = await openDatabase(
    "databaseUrl" in target ? { databaseUrl: target.databaseUrl, dataDir: "" } : { dataDir: target.dataDir },
  );
  try {
    for (const member of members) {
      const email = member.email.toLowerCase();
      const name = member.name ?? "Ada Lovelace";
      const [user] = await handle.db
        .insert(users)
        .values({ name, email, emailVerified: member.verified ?? true })
        .returning({ id: users.id });
      if (!user) throw new Error(`Could not seed ${email}`);
      await handle.db.insert(accounts).values({
        accountId: user.id,
        providerId: "credential",
        userId: user.id,
        password: await passwordHash(member.password ?? TEST_PASSWORD),
      });
      await handle.db.insert(profiles).values({
        userId: user.id,
        fullName: name,
        isAdmin: member.admin ?? false,
        plan: member.plan ?? "free",
        marketingConsentAt: member.productNews ? new Date() : null,
      });
    }
  } finally {
    await handle.close();
  }
}

/** Signs in through the page's form, as a member does: the client holds the session cookie afterwards. */
export async function signIn(http: HttpClient, email: string, password = TEST_PASSWORD): Promise<void> {
  const response = await http.postForm("/sign-in", { email, password });
  expect(response.status, `sign-in of ${email}`).toBe(302);
  expect(http.hasCookie(/session_token/), `session cookie for ${email}`).toBe(true);
}
