import { and, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { sessions } from "~/db/schema";

/**
 * The token of one of the user's live sessions, found by its id. Pages know
 * sessions by id only (tokens are bearer credentials and never reach the
 * browser); revoking one needs the token on the server.
 */
export async function sessionTokenById(db: Database, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.token ?? null;
}
