import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { accounts, generationHistory, hiddenQuestions, profiles, questions, sessions, users } from "~/db/schema";

/**
 * Everything CircleUp keeps about one person, for "download my data".
 * Secrets (password hashes, tokens, two-factor secrets) are left out: they
 * are ours to protect, not data about the person.
 */
export async function exportAccountData(db: Database, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db
    .select({
      fullName: profiles.fullName,
      plan: profiles.plan,
      isAdmin: profiles.isAdmin,
      createdAt: profiles.createdAt,
      /** When the member asked for product news; null when they get none. */
      productNewsSince: profiles.marketingConsentAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const signInMethods = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const activeSessions = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const history = await db
    .select({ servedAt: generationHistory.servedAt, questionId: questions.id, question: questions.text })
    .from(generationHistory)
    .innerJoin(questions, eq(questions.id, generationHistory.questionId))
    .where(eq(generationHistory.userId, userId))
    .orderBy(desc(generationHistory.servedAt));
  const submitted = await db
    .select({ id: questions.id, text: questions.text, status: questions.status, createdAt: questions.createdAt })
    .from(questions)
    .where(eq(questions.authorId, userId));
  const hidden = await db
    .select({ hiddenAt: hiddenQuestions.createdAt, questionId: questions.id, question: questions.text })
    .from(hiddenQuestions)
    .innerJoin(questions, eq(questions.id, hiddenQuestions.questionId))
    .where(eq(hiddenQuestions.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account: user ?? null,
    profile: profile ?? null,
    signInMethods,
    sessions: activeSessions,
    generationHistory: history,
    hiddenFromGenerator: hidden,
    submittedQuestions: submitted,
  };
}
