import { inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { aiUsage } from "~/db/schema";
import type { LimitSubject } from "~/domain/limits/rate-limit.server";
import type { RemainingQuestions } from "~/shared/questions";
import type { Limit, QuotaLimits } from "~/shared/quota";

/**
 * Quotas meter new AI generations only; the library is free and unlimited
 * for everyone, so a spent AI quota still leaves library questions.
 */
export type { QuotaLimits };

export type QuotaSubject =
  /** `address`: the keyed hash of the visitor's network (addressSubject), never the address itself; null when unknown. */
  | { kind: "anonymous"; visitorId: string; address: LimitSubject | null }
  | { kind: "account"; userId: string; plan: "free" | "premium" };

type Bucket = { key: string; limit: number; windowStart: Date; expiredBefore: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every bucket is a rolling 24 hours from its first generation, visitors and
 * accounts alike, so one sentence states every limit truly ("per 24 hours").
 */
function buckets(subject: QuotaSubject, limits: QuotaLimits, now: Date): Bucket[] {
  const rolling = (key: string, limit: Limit) =>
    limit === "unlimited" ? [] : [{ key, limit, windowStart: now, expiredBefore: new Date(now.getTime() - DAY_MS) }];
  if (subject.kind === "account") {
    return rolling(`user:${subject.userId}`, subject.plan === "premium" ? limits.premium : limits.free);
  }
  return [
    ...rolling(`visitor:${subject.visitorId}`, limits.anonymous),
    ...(subject.address ? rolling(subject.address, limits.anonymousPerIp) : []),
  ];
}

/** What is left in the tightest bucket, or "unlimited" when no bucket applies. */
export async function remainingAiGenerations(
  db: Database,
  subject: QuotaSubject,
  limits: QuotaLimits,
  now = new Date(),
): Promise<RemainingQuestions> {
  const list = buckets(subject, limits, now);
  if (list.length === 0) return "unlimited";
  const rows = await db
    .select()
    .from(aiUsage)
    .where(
      inArray(
        aiUsage.subject,
        list.map((b) => b.key),
      ),
    );
  return Math.min(
    ...list.map((bucket) => {
      const row = rows.find((r) => r.subject === bucket.key);
      const used = row && row.windowStartedAt >= bucket.expiredBefore ? row.used : 0;
      return Math.max(0, bucket.limit - used);
    }),
  );
}

class QuotaSpent extends Error {}

/**
 * Takes one AI generation from every bucket of the subject, atomically: all
 * or none. Safe under concurrent requests (the row update is conditional).
 */
export async function consumeAiGeneration(
  db: Database,
  subject: QuotaSubject,
  limits: QuotaLimits,
  now = new Date(),
): Promise<{ allowed: boolean; remaining: RemainingQuestions }> {
  const list = buckets(subject, limits, now);
  if (list.length === 0) return { allowed: true, remaining: "unlimited" };
  try {
    const remaining = await db.transaction(async (tx) => {
      let tightest = Number.POSITIVE_INFINITY;
      for (const bucket of list) {
        const expired = sql`${aiUsage.windowStartedAt} < ${bucket.expiredBefore.toISOString()}::timestamptz`;
        const rows = await tx
          .insert(aiUsage)
          .values({ subject: bucket.key, windowStartedAt: bucket.windowStart, used: 1 })
          .onConflictDoUpdate({
            target: aiUsage.subject,
            set: {
              used: sql`case when ${expired} then 1 else ${aiUsage.used} + 1 end`,
              windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${aiUsage.windowStartedAt} end`,
            },
            setWhere: sql`${expired} or ${aiUsage.used} < ${bucket.limit}`,
          })
          .returning({ used: aiUsage.used });
        const used = rows[0]?.used;
        if (used === undefined) throw new QuotaSpent();
        tightest = Math.min(tightest, bucket.limit - used);
      }
      return tightest;
    });
    return { allowed: true, remaining };
  } catch (error) {
    if (error instanceof QuotaSpent) return { allowed: false, remaining: 0 };
    throw error;
  }
}

/** Gives a generation back when the AI failed to deliver one. */
export async function refundAiGeneration(db: Database, subject: QuotaSubject, limits: QuotaLimits, now = new Date()) {
  for (const bucket of buckets(subject, limits, now)) {
    await db
      .update(aiUsage)
      .set({ used: sql`greatest(${aiUsage.used} - 1, 0)` })
      .where(sql`${aiUsage.subject} = ${bucket.key}`);
  }
}
