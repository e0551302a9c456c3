import type { Database } from "~/db/database.server";
import { analyticsEvents } from "~/db/schema";

/** Product events we count ourselves; nothing leaves our database. */
export type AnalyticsEventName = "page_view" | "error" | "sign_up" | "login" | "generation" | "vote";

type EventDetails = {
  userId?: string | null;
  path?: string | null;
  properties?: Record<string, string | number | boolean | null>;
};

/** Records one event. Analytics must never break what the user was doing, so failures are swallowed by callers' choice. */
export async function recordEvent(db: Database, name: AnalyticsEventName, details: EventDetails = {}): Promise<void> {
  await db.insert(analyticsEvents).values({
    name,
    userId: details.userId ?? null,
    path: details.path ?? null,
    properties: details.properties ?? null,
  });
}
