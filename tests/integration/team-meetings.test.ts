import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import { liveRounds, profiles, questions, teamMeetings, teamMembers, teams, users } from "~/db/schema";
import { runHousekeeping } from "~/domain/housekeeping/housekeeping.server";
import type { JobSender } from "~/domain/jobs/queue.server";
import { hostAction } from "~/domain/live/hosting.server";
import { joinRound, submitAnswer } from "~/domain/live/participation.server";
import { deleteRound, findRound } from "~/domain/live/rounds.server";
import { type TeamAccess, teamAccess } from "~/domain/teams/access.server";
import {
  getMeeting,
  recordMeetingUse,
  startMeeting,
  startTeamRound,
  teamRoundName,
} from "~/domain/teams/meetings.server";
import { hideForTeam, recordTeamUse } from "~/domain/teams/memory.server";
import {
  askableQuestions,
  drawAnother,
  preparedQuestion,
  readyQuestion,
} from "~/domain/teams/prepared-questions.server";
import { pulseTrend } from "~/domain/teams/pulse.server";
import { keepTeamRecap } from "~/domain/teams/recaps.server";
import {
  createSeries,
  deleteSeries,
  getSeries,
  joinRotation,
  leaveRotation,
  listSeries,
  skipNextHost,
  updateSeries,
} from "~/domain/teams/series.server";
import type { LiveSettings } from "~/shared/live";
import { PULSE_QUESTION } from "~/shared/series";
import { type SeriesForm, seriesFormSchema } from "~/shared/series-schemas";
import type { TeamRole } from "~/shared/teams";
import { freshDatabase, testEngines } from "../support/databases";

const SETTINGS: LiveSettings = { roundHours: 24, recapDays: 30, maxParticipants: 2000, streamsPerAddress: 2500 };
/** No team here connected a chat channel: nothing is queued. */
const NO_JOBS: JobSender = { send: async () => {} };

const STAND_UP: SeriesForm = seriesFormSchema.parse({
  name: "Monday stand-up",
  category: "daily-standup",
  meetingContext: "check-in",
  questionStyle: "playful",
  engagementLevel: "quick",
  weekday: "1",
  timeOfDay: "09:30",
  pulse: true,
});

describe.each(testEngines())("team series, meetings and pulse on $engine", ({ engine, available }) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let teamId: string;
  let otherTeamId: string;
  const people: Record<"ana" | "ben" | "cleo" | "dan", string> = { ana: "", ben: "", cleo: "", dan: "" };

  async function person(name: string): Promise<string> {
    const [user] = await handle.db
      .insert(users)
      .values({ name, email: `${name.toLowerCase()}-${engine}@team.example`, emailVerified: true })
      .returning({ id: users.id });
    if (!user) throw new Error("no user");
    await handle.db.insert(profiles).values({ userId: user.id, fullName: name });
    return user.id;
  }

  async function team(name: string, members: [string, TeamRole][]): Promise<string> {
    const [row] = await handle.db.insert(teams).values({ name, timeZone: "Europe/Berlin" }).returning({ id: teams.id });
    if (!row) throw new Error("no team");
    for (const [userId, role] of members) await handle.db.insert(teamMembers).values({ teamId: row.id, userId, role });
    return row.id;
  }

  async function accessOf(userId: string, on = teamId): Promise<TeamAccess> {
    const found = await teamAccess(handle.db, on, userId, "view");
    if (!found.ok) throw found.error;
    return found.access;
  }

  /** A series Ben (a facilitator) sets up: he is first in its rotation. */
  async function newSeries(form: Partial<SeriesForm> = {}): Promise<string> {
    const created = await createSeries(handle.db, teamId, { ...STAND_UP, ...form }, people.ben);
    if (!created.ok) throw created.error;
    return created.seriesId;
  }

  async function meetingOf(seriesId: string | null, host: string): Promise<string> {
    const started = await startMeeting(handle.db, await accessOf(host), seriesId);
    if (!started.ok) throw started.error;
    return started.meetingId;
  }

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(engine, { library: true });
    handle = fresh.handle;
    cleanup = fresh.cleanup;
    people.ana = await person("Ana");
    people.ben = await person("Ben");
    people.cleo = await person("Cleo");
    people.dan = await person("Dan");
    teamId = await team("Platform", [
      [people.ana, "owner"],
      [people.ben, "facilitator"],
      [people.cleo, "facilitator"],
      [people.dan, "member"],
    ]);
    otherTeamId = await team("Elsewhere", [[people.dan, "owner"]]);
  });
  afterAll(async () => cleanup?.());

  it.skipIf(!available)("keeps a series' choices, and only in its own team", async () => {
    const seriesId = await newSeries();
    const found = await getSeries(handle.db, teamId, seriesId);
    if (!found.ok) throw found.error;
    expect(found.series).toMatchObject({
      name: "Monday stand-up",
      categorySlug: "daily-standup",
      meetingContext: "check-in",
      cadence: { kind: "weekly", weekday: 1 },
      timeOfDay: "09:30",
      pulse: true,
      rotation: [{ userId: people.ben, name: "Ben" }],
      nextHost: { userId: people.ben, name: "Ben" },
    });
    expect((await getSeries(handle.db, otherTeamId, seriesId)).ok).toBe(false);
    expect((await updateSeries(handle.db, otherTeamId, seriesId, STAND_UP)).ok).toBe(false);
    expect((await deleteSeries(handle.db, otherTeamId, seriesId)).ok).toBe(false);
    const renamed = await updateSeries(handle.db, teamId, seriesId, { ...STAND_UP, name: "Stand-up", category: "any" });
    expect(renamed.ok).toBe(true);
    const again = await getSeries(handle.db, teamId, seriesId);
    expect(again.ok && [again.series.name, again.series.categorySlug]).toEqual(["Stand-up", null]);
    expect((await deleteSeries(handle.db, teamId, seriesId)).ok).toBe(true);
    expect((await listSeries(handle.db, teamId)).map((s) => s.id)).not.toContain(seriesId);
  });

  it.skipIf(!available)("rotates hosts in opt-in order, after the last host, skipping who left", async () => {
    const seriesId = await newSeries({ name: "Rotation" });
    const next = async () => {
      const found = await getSeries(handle.db, teamId, seriesId);
      if (!found.ok) throw found.error;
      return found.series.nextHost?.name ?? null;
    };
    // Ben created the series, so he is in the rotation already.
    await joinRotation(handle.db, teamId, seriesId, people.ana);
    await joinRotation(handle.db, teamId, seriesId, people.cleo);
    await joinRotation(handle.db, teamId, seriesId, people.ben); // twice is once
    expect(await next()).toBe("Ben");
    await meetingOf(seriesId, people.ben);
    expect(await next()).toBe("Ana");
    await meetingOf(seriesId, people.ana);
    expect(await next()).toBe("Cleo");
    // Cleo opts out: after Ana comes Ben again.
    await leaveRotation(handle.db, teamId, seriesId, people.cleo);
    expect(await next()).toBe("Ben");
    // Ben hosts, then is made a member: he drops out of the rotation, and Ana (after him) is next.
    await meetingOf(seriesId, people.ben);
    await handle.db.update(teamMembers).set({ role: "member" }).where(eq(teamMembers.userId, people.ben));
    expect(await next()).toBe("Ana");
    await handle.db.update(teamMembers).set({ role: "facilitator" }).where(eq(teamMembers.userId, people.ben));
    // With two hosts there is nobody to skip to; with three, the skipped one follows the next.
    expect(await next()).toBe("Ana");
    expect((await skipNextHost(handle.db, teamId, seriesId)).ok).toBe(false);
    await joinRotation(handle.db, teamId, seriesId, people.cleo);
    expect((await skipNextHost(handle.db, teamId, seriesId)).ok).toBe(true);
    expect(await next()).toBe("Cleo");
    await meetingOf(seriesId, people.cleo);
    expect(await next()).toBe("Ana");
    await meetingOf(seriesId, people.ana);
    expect(await next()).toBe("Ben");
  });

  it.skipIf(!available)(
    "serves each meeting a question the team has not used, and remembers what was used",
    async () => {
      const seriesId = await newSeries({ name: "Memory" });
      const found = await getSeries(handle.db, teamId, seriesId);
      if (!found.ok) throw found.error;
      const asked = new Set<string>();
      for (const host of [people.ana, people.ben, people.cleo]) {
        const meetingId = await meetingOf(seriesId, host);
        const ready = await readyQuestion(handle.db, teamId, found.series, "monday");
        if (!ready) throw new Error("nothing ready");
        expect(asked.has(ready.id)).toBe(false);
        asked.add(ready.id);
        // "Another question" skips the one already on the table.
        const another = await readyQuestion(handle.db, teamId, found.series, "monday", [ready.id]);
        expect(another?.id).not.toBe(ready.id);
        expect((await recordMeetingUse(handle.db, await accessOf(host), meetingId, ready.id, "presented")).ok).toBe(
          true,
        );
        expect((await recordMeetingUse(handle.db, await accessOf(host), meetingId, ready.id, "presented")).ok).toBe(
          true,
        );
        const meeting = await getMeeting(handle.db, teamId, meetingId);
        if (!meeting.ok) throw meeting.error;
        expect(meeting.meeting.uses.map((u) => [u.questionId, u.how])).toEqual([[ready.id, "presented"]]);
      }
      // Another team's meeting is not found from here.
      const elsewhere = await startMeeting(handle.db, await accessOf(people.dan, otherTeamId), null);
      if (!elsewhere.ok) throw elsewhere.error;
      expect((await getMeeting(handle.db, teamId, elsewhere.meetingId)).ok).toBe(false);
    },
  );

  it.skipIf(!available)(
    "keeps a series' prepared question until a host draws another or a meeting starts with it",
    async () => {
      const seriesId = await newSeries({ name: "Prepared" });
      const series = async () => {
        const found = await getSeries(handle.db, teamId, seriesId);
        if (!found.ok) throw found.error;
        return found.series;
      };
      const prepared = async () => (await preparedQuestion(handle.db, teamId, await series(), "monday"))?.question.id;
      // Readers at once, as on several servers, all get the one question stored by the first.
      const drawnAtOnce = await Promise.all([1, 2, 3].map(prepared));
      const first = drawnAtOnce[0] ?? "";
      expect(drawnAtOnce).toEqual([first, first, first]);
      expect(await prepared()).toBe(first);
      expect((await preparedQuestion(handle.db, teamId, await series(), "monday"))?.drawnBy).toBeNull();

      // A draw in place of a question no longer shown changes nothing: someone drew already.
      const cleo = await accessOf(people.cleo);
      expect(await drawAnother(handle.db, cleo, seriesId, "7d4a1f0e-8c55-4b8e-9d53-2a8f4f1b0c11")).toEqual({
        ok: true,
      });
      expect(await prepared()).toBe(first);
      expect(await drawAnother(handle.db, cleo, seriesId, first)).toEqual({ ok: true });
      const second = await preparedQuestion(handle.db, teamId, await series(), "monday");
      expect(second?.question.id).not.toBe(first);
      expect(second?.drawnBy?.name).toBe("Cleo");
      // A member cannot be in another team's series.
      const stranger = await accessOf(people.dan, otherTeamId);
      expect((await drawAnother(handle.db, stranger, seriesId, second?.question.id ?? null)).ok).toBe(false);

      // Renaming keeps it; another kind of question draws one that fits.
      await updateSeries(handle.db, teamId, seriesId, { ...STAND_UP, name: "Prepared again" });
      expect(await prepared()).toBe(second?.question.id);

      // The meeting takes it; the next meeting gets another.
      const meetingId = await meetingOf(seriesId, people.ana);
      expect((await preparedOf(meetingId)).id).toBe(second?.question.id);
      const third = (await prepared()) ?? "";
      expect([first, second?.question.id]).not.toContain(third);

      // Used by the team elsewhere since it was drawn: no longer fresh, so another is drawn.
      await recordTeamUse(handle.db, { teamId, questionId: third, how: "asked", usedBy: people.ana });
      const fourth = await prepared();
      expect(fourth).not.toBe(third);
      await updateSeries(handle.db, teamId, seriesId, { ...STAND_UP, questionStyle: "reflective" });
      const reflective = await preparedQuestion(handle.db, teamId, await series(), "monday");
      expect(reflective?.question.id).not.toBe(fourth);
      expect(reflective?.question.questionStyle).toBe("reflective");
    },
  );

  /** The question a series' meeting took from its series when it started. */
  async function preparedOf(meetingId: string) {
    const meeting = await getMeeting(handle.db, teamId, meetingId);
    if (!meeting.ok) throw meeting.error;
    const [question] = await askableQuestions(handle.db, teamId, [meeting.meeting.questionId ?? ""]);
    if (!question) throw new Error("nothing prepared");
    return question;
  }

  async function pulseMeeting(answers: number[], anonymous = false) {
    const seriesId = await newSeries({ name: `Pulse ${answers.length}${anonymous ? " anonymous" : ""}` });
    const meetingId = await meetingOf(seriesId, people.ana);
    const question = await preparedOf(meetingId);
    const started = await startTeamRound(
      handle.db,
      await accessOf(people.ana),
      meetingId,
      { questionIds: [question.id], anonymous },
      SETTINGS,
      NO_JOBS,
    );
    if (!started.ok) throw started.error;
    const names = ["Zelda", "Yusuf", "Xena", "Walt"];
    for (const [i, choice] of answers.entries()) {
      const joined = await joinRound(handle.db, started.code, { name: anonymous ? undefined : names[i] });
      if (!joined.ok) throw joined.error;
      expect((await submitAnswer(handle.db, started.code, joined.participantToken, { position: 0, choice })).ok).toBe(
        true,
      );
    }
    return { seriesId, meetingId, code: started.code, question };
  }

  it.skipIf(!available)(
    "opens a pulse series' round with the scale, keeps the recap without names, and shows a point only from three answers",
    async () => {
      const two = await pulseMeeting([3, 4]);
      const three = await pulseMeeting([0, 2, 4]);
      const host = { userId: people.ana };
      for (const round of [two, three]) {
        const [live] = await handle.db.select().from(liveRounds).where(eq(liveRounds.code, round.code));
        expect(live?.ownerId).toBe(people.ana);
        expect((await hostAction(handle.db, round.code, host, "end", 0, { afterEnd: keepTeamRecap })).ok).toBe(true);
      }
      // The recap stays after the live round is gone.
      expect((await deleteRound(handle.db, three.code, host)).ok).toBe(true);
      const meeting = await getMeeting(handle.db, teamId, three.meetingId);
      if (!meeting.ok) throw meeting.error;
      expect(meeting.meeting.round).toBeNull();
      const recap = meeting.meeting.recap;
      expect(recap?.questions.map((q) => [q.text, q.pulse, q.tally])).toEqual([
        [PULSE_QUESTION.text, true, [1, 0, 1, 0, 1]],
        [three.question.question, false, expect.any(Array)],
      ]);
      expect(JSON.stringify(recap)).not.toMatch(/Zelda|Yusuf|Xena/);
      // Two answers: the meeting's recap does not show the pulse's counts either.
      const small = await getMeeting(handle.db, teamId, two.meetingId);
      expect(small.ok && small.meeting.recap?.questions[0]).toMatchObject({ pulse: true, answeredCount: 2, tally: [] });
      expect(meeting.meeting.uses.map((u) => [u.questionId, u.how])).toEqual([[three.question.id, "live"]]);
      expect(await pulseTrend(handle.db, teamId, two.seriesId)).toEqual([]);
      const [point] = await pulseTrend(handle.db, teamId, three.seriesId);
      expect(point).toMatchObject({ answered: 3, counts: [1, 0, 1, 0, 1], average: 3 });
      // One round per meeting: a second would lose the first one's recap.
      const again = await startTeamRound(
        handle.db,
        await accessOf(people.ana),
        three.meetingId,
        { questionIds: [three.question.id], anonymous: false },
        SETTINGS,
        NO_JOBS,
      );
      expect(again.ok).toBe(false);
    },
  );

  it.skipIf(!available)("starts one round for a meeting however many hosts start it at once", async () => {
    const seriesId = await newSeries({ name: "Started twice" });
    const meetingId = await meetingOf(seriesId, people.ana);
    const question = await preparedOf(meetingId);
    const roundCount = async () =>
      (await handle.db.select({ n: sql<number>`count(*)::integer` }).from(liveRounds))[0]?.n ?? 0;
    const roundsBefore = await roundCount();
    const starts = await Promise.all(
      [people.ana, people.ben, people.cleo].map(async (host) =>
        startTeamRound(
          handle.db,
          await accessOf(host),
          meetingId,
          { questionIds: [question.id], anonymous: false },
          SETTINGS,
          NO_JOBS,
        ),
      ),
    );
    const started = starts.filter((start) => start.ok);
    expect(started).toHaveLength(1);
    expect(starts.filter((start) => !start.ok).map((start) => !start.ok && start.error.code)).toEqual([
      "MEETING_ROUND_TAKEN",
      "MEETING_ROUND_TAKEN",
    ]);
    const winner = started[0];
    if (!winner?.ok) throw new Error("no round");
    const meeting = await getMeeting(handle.db, teamId, meetingId);
    if (!meeting.ok) throw meeting.error;
    expect(meeting.meeting.round?.code).toBe(winner.code);
    // The question counts as used once, and the refused starts left no round behind.
    expect(meeting.meeting.uses.map((use) => [use.questionId, use.how])).toEqual([[question.id, "live"]]);
    expect(await roundCount()).toBe(roundsBefore + 1);
    expect(await findRound(handle.db, winner.code)).not.toBeNull();
  });

  it.skipIf(!available)("asks the team's own private question in its round, and never another team's", async () => {
    const own = async (team: string, text: string) => {
      const [row] = await handle.db
        .insert(questions)
        .values({
          text,
          normalizedText: `${text.toLowerCase()} ${engine}`,
          type: "check-in",
          meetingContext: "check-in",
          questionStyle: "playful",
          engagementLevel: "quick",
          source: "user_submitted",
          status: "team",
          teamId: team,
        })
        .returning({ id: questions.id });
      return row?.id ?? "";
    };
    const ours = await own(teamId, "Which tool did our team retire with joy?");
    const theirs = await own(otherTeamId, "Which of their secrets should stay theirs?");
    const meetingId = await meetingOf(null, people.ana);
    const refused = await startTeamRound(
      handle.db,
      await accessOf(people.ana),
      meetingId,
      { questionIds: [theirs], anonymous: false },
      SETTINGS,
      NO_JOBS,
    );
    expect(refused.ok).toBe(false);
    const started = await startTeamRound(
      handle.db,
      await accessOf(people.ana),
      meetingId,
      { questionIds: [ours, theirs], anonymous: false },
      SETTINGS,
      NO_JOBS,
    );
    if (!started.ok) throw started.error;
    const meeting = await getMeeting(handle.db, teamId, meetingId);
    expect(meeting.ok && meeting.meeting.uses.map((u) => u.questionId)).toEqual([ours]);
  });

  it.skipIf(!available)("leaves a question the team said is not for it out of its meeting and its round", async () => {
    const published = await handle.db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.status, "published"))
      .limit(2);
    const [turnedDown, kept] = published.map((q) => q.id) as [string, string];
    const ana = await accessOf(people.ana);
    expect(await hideForTeam(handle.db, teamId, turnedDown, ana.userId)).toMatchObject({ ok: true });
    expect((await askableQuestions(handle.db, teamId, [turnedDown, kept])).map((q) => q.id)).toEqual([kept]);
    const meetingId = await meetingOf(null, people.ana);
    const started = await startTeamRound(
      handle.db,
      ana,
      meetingId,
      { questionIds: [turnedDown, kept], anonymous: false },
      SETTINGS,
      NO_JOBS,
    );
    if (!started.ok) throw started.error;
    const meeting = await getMeeting(handle.db, teamId, meetingId);
    expect(meeting.ok && meeting.meeting.uses.map((u) => u.questionId)).toEqual([kept]);
  });

  it.skipIf(!available)("counts an anonymous round's pulse, kept by housekeeping when the round expires", async () => {
    const round = await pulseMeeting([1, 1, 2], true);
    await handle.db
      .update(liveRounds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(liveRounds.code, round.code));
    const run = await runHousekeeping(handle.db, { server: "test", minGapMs: 0 });
    expect(run.ran && run.deleted.rounds).toBeGreaterThan(0);
    const [kept] = await handle.db
      .select({ counts: teamMeetings.pulseCounts })
      .from(teamMeetings)
      .where(eq(teamMeetings.id, round.meetingId));
    expect(kept?.counts).toEqual([0, 2, 1, 0, 0]);
  });

  it.skipIf(!available)("fills in a team member's name for the team's round, and nobody else's", async () => {
    const round = await pulseMeeting([]);
    expect(await teamRoundName(handle.db, round.code, people.dan)).toBe("Dan");
    const stranger = await person("Stranger");
    expect(await teamRoundName(handle.db, round.code, stranger)).toBeNull();
  });
});
