import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { profiles, questions, teamMembers, teams, users } from "~/db/schema";
import type { QuotaLimits, QuotaSubject } from "~/domain/generation/quota.server";
import { serveQuestion } from "~/domain/generation/serve-question.server";
import { importLibrary } from "~/domain/questions/library.server";
import { recordTeamUse } from "~/domain/teams/memory.server";
import { teamOverview } from "~/domain/teams/overview.server";
import { createSeries, updateSeries } from "~/domain/teams/series.server";
import type { Weekday } from "~/shared/meeting-day";
import { generateQuestionRequestSchema } from "~/shared/question-schemas";
import { type SeriesForm, seriesFormSchema } from "~/shared/series-schemas";
import { freshDatabase, libraryFolder, removeLibraryFolders, testEngines } from "../support/databases";

const UNLIMITED: QuotaLimits = {
  anonymous: "unlimited",
  anonymousPerIp: "unlimited",
  free: "unlimited",
  premium: "unlimited",
};
const labels = { context: "check-in", style: "professional", engagement: "quick" } as const;

/** A stand-up cell of two: one asks about yesterday (not on a Monday), one fits any day. */
const YESTERDAY = "Where did you leave off yesterday?";
const ANY_DAY = "What is first on your list as we start?";
const LIBRARY = {
  "daily-standup.json": {
    category: "daily-standup",
    questions: [
      { text: YESTERDAY, ...labels, notWhen: ["after-weekend"] },
      { text: ANY_DAY, ...labels },
    ],
  },
};

const STAND_UP = {
  name: "Stand-up",
  category: "daily-standup",
  meetingContext: "check-in",
  questionStyle: "professional",
  engagementLevel: "quick",
  pulse: false,
} as const;

describe.each(testEngines())("questions that fit the meeting's day, on $engine", ({ engine, available }) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let lead: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(engine);
    ({ cleanup } = fresh);
    db = fresh.handle.db;
    await importLibrary(db, libraryFolder(LIBRARY));
    for (const row of await db.select({ id: questions.id, text: questions.text }).from(questions))
      ids[row.text] = row.id;
    const [user] = await db
      .insert(users)
      .values({ name: "Lea", email: `lea-${engine}@day.example`, emailVerified: true })
      .returning({ id: users.id });
    lead = user?.id ?? "";
    await db.insert(profiles).values({ userId: lead, fullName: "Lea" });
  });
  afterAll(async () => {
    removeLibraryFolders();
    await cleanup?.();
  });

  /** What a visitor's Generate serves on a page for the stand-up cell, having seen the any-day question. */
  async function visitorDraw(weekday: Weekday | undefined) {
    const visitor: QuotaSubject = { kind: "anonymous", visitorId: `day-${weekday}-${Math.random()}`, address: null };
    const request = generateQuestionRequestSchema.parse({
      meetingContext: "check-in",
      questionStyle: "professional",
      engagementLevel: "quick",
      categorySlug: "daily-standup",
      seenIds: [ids[ANY_DAY]],
      weekday,
    });
    const result = await serveQuestion({ db, generator: null, metered: false, limits: UNLIMITED }, request, visitor);
    if (!result.ok) throw result.error;
    return result.body.question;
  }

  it.skipIf(!available)("stores the days a library question declares", async () => {
    const [row] = await db.select({ notWhen: questions.notWhen }).from(questions).where(eq(questions.text, YESTERDAY));
    expect(row?.notWhen).toEqual(["after-weekend"]);
  });

  it.skipIf(!available)(
    "never asks a Monday visitor about yesterday, even once everything else was seen; a Tuesday visitor gets it",
    async () => {
      expect(await visitorDraw("monday")).toBe(ANY_DAY);
      expect(await visitorDraw("sunday")).toBe(ANY_DAY);
      // No day sent (an API caller, or a page before its scripts): only what fits any day.
      expect(await visitorDraw(undefined)).toBe(ANY_DAY);
      expect(await visitorDraw("tuesday")).toBe(YESTERDAY);
      expect(await visitorDraw("friday")).toBe(YESTERDAY);
    },
  );

  /** A team in a time zone, with the any-day question already used, so only the yesterday one is unused. */
  async function teamIn(timeZone: string): Promise<string> {
    const [row] = await db.insert(teams).values({ name: timeZone, timeZone }).returning({ id: teams.id });
    const teamId = row?.id ?? "";
    await db.insert(teamMembers).values({ teamId, userId: lead, role: "owner" });
    await recordTeamUse(db, { teamId, questionId: ids[ANY_DAY] ?? "", how: "asked", usedBy: lead });
    return teamId;
  }

  async function seriesOn(teamId: string, weekday: number, timeOfDay: string): Promise<string> {
    const form: SeriesForm = seriesFormSchema.parse({ ...STAND_UP, weekday: String(weekday), timeOfDay });
    const created = await createSeries(db, teamId, form, lead);
    if (!created.ok) throw created.error;
    return created.seriesId;
  }

  async function preparedText(teamId: string, timeZone: string, now: Date): Promise<string | undefined> {
    const { series } = await teamOverview(db, { teamId, timeZone }, now);
    return series[0]?.prepared?.question.question;
  }

  it.skipIf(!available)(
    "prepares a series' question for the weekday its meeting falls on in the team's time zone, not the server's",
    async () => {
      // Monday 17:00 in Los Angeles is already Tuesday in UTC: the Monday 18:00 stand-up still gets no yesterday.
      const losAngeles = await teamIn("America/Los_Angeles");
      await seriesOn(losAngeles, 1, "18:00");
      expect(await preparedText(losAngeles, "America/Los_Angeles", new Date("2026-12-01T01:00:00Z"))).toBe(ANY_DAY);

      // Sunday evening in UTC is Monday morning in Auckland: its Monday stand-up gets no yesterday either.
      const aucklandMonday = await teamIn("Pacific/Auckland");
      await seriesOn(aucklandMonday, 1, "09:30");
      expect(await preparedText(aucklandMonday, "Pacific/Auckland", new Date("2026-11-29T19:00:00Z"))).toBe(ANY_DAY);

      // Monday noon in UTC is already Tuesday in Auckland: its Tuesday stand-up may ask about yesterday.
      const aucklandTuesday = await teamIn("Pacific/Auckland");
      const seriesId = await seriesOn(aucklandTuesday, 2, "09:30");
      const mondayNoon = new Date("2026-11-30T12:00:00Z");
      expect(await preparedText(aucklandTuesday, "Pacific/Auckland", mondayNoon)).toBe(YESTERDAY);

      // Moved to Mondays, the series keeps its kind of question, but the yesterday one no longer fits its day.
      const form = seriesFormSchema.parse({ ...STAND_UP, weekday: "1", timeOfDay: "09:30" });
      expect((await updateSeries(db, aucklandTuesday, seriesId, form)).ok).toBe(true);
      expect(await preparedText(aucklandTuesday, "Pacific/Auckland", mondayNoon)).toBe(ANY_DAY);
    },
  );
});
