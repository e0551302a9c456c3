/** The events admins chart, per UTC day. */
export const CHARTED_EVENTS = ["page_view", "generation", "sign_up", "vote"] as const;
export type ChartedEvent = (typeof CHARTED_EVENTS)[number];
export type DailyActivity = { day: string } & Record<ChartedEvent, number>;
