import { desc } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { adminAuditLog } from "~/db/schema";

export type AuditEntry = {
  /** Null for operators at the command line. */
  actorId: string | null;
  action: string;
  targetType: "user" | "question";
  targetId: string;
  before: unknown;
  after: unknown;
};

/** Written in the same transaction as the change it describes, when the caller passes its transaction. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function recentAudit(db: Database, limit = 50) {
  return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
}
