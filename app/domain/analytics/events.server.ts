import { and, count, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { analyticsEvents } from "~/db/schema";
import { CHARTED_EVENTS, type ChartedEvent, type DailyActivity } from "~/shared/analytics";

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

/** Counts per UTC day for the last `days` days, today included; days without events are zeros. */
export async function dailyActivity(db: Database, days = 30, now = new Date()): Promise<DailyActivity[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * 86_400_000);
  const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, name: analyticsEvents.name, total: count() })
    .from(analyticsEvents)
    .where(and(gte(analyticsEvents.createdAt, start), inArray(analyticsEvents.name, [...CHARTED_EVENTS])))
    .groupBy(day, analyticsEvents.name);
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day: date, page_view: 0, generation: 0, sign_up: 0, vote: 0 };
  });
  const byDay = new Map(series.map((s) => [s.day, s]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry) entry[row.name as ChartedEvent] = row.total;
  }
  return series;
}
