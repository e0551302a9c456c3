import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { adminAuditLog, users } from "~/db/schema";

export type AuditEntry = {
  /** Null for operators at the command line. */
  actorId: string | null;
  action: string;
  targetType: "user" | "question" | "news" | "token";
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

/** Newest first, with the acting admin's address ("command line" when an operator ran `npm run admin`). */
export async function recentAudit(db: Database, limit = 50) {
  return db
    .select({
      id: adminAuditLog.id,
      actor: sql<string>`coalesce(${users.email}, 'command line')`,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.actorId))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(limit);
}
