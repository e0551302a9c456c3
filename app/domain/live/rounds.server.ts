import { and, asc, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveAnswers, liveParticipants, liveRoundQuestions, liveRounds, questions } from "~/db/schema";
import type { HostOnlyAction } from "~/shared/errors/codes";
import {
  type AnswerMode,
  LIVE_ANSWER_PAGE,
  LIVE_RECENT_ANSWERS,
  LIVE_WALL_ANSWERS,
  type LiveAnswer,
  type LiveSettings,
  type OwnQuestion,
  PER_PERSON_TITLE,
  type RevealMode,
  type RoundQuestion,
  type RoundRecap,
  type RoundResults,
  type RoundRole,
  type RoundStatus,
  type RoundTimer,
  type RoundView,
} from "~/shared/live";
import { defaultAnswerMode, optionsFor } from "~/shared/live-modes";
import { countsOnly, pulseResults, resultsOf } from "~/shared/live-view";
import { type GeneratorChoice, offeredEngagement } from "~/shared/questions";
import { isPulseQuestion, PULSE_MIN_ANSWERS } from "~/shared/series";
import { type DomainError, failure, type Outcome, retryableFailure } from "../errors";
import { hashToken, newToken } from "../secret-tokens.server";
import { notifyDeleted } from "./events.server";
import { roundOutOfReach } from "./out-of-reach";
import { withoutQuestion } from "./own-questions";
import { isPulseAt, shownName } from "./round-writes.server";
import { newJoinCode, roomKeyMatches, roomKeyOf, tokenMatches } from "./tokens.server";

export type Round = typeof liveRounds.$inferSelect;

/**
 * The round a change was made to, as what follows the change needs it:
 * whether it is posted in a chat, read from the round's row as the change
 * wrote it.
 */
export type ChangedRound = { id: string; chatPosted: boolean };

/** What a browser brings: the round's tokens from its cookies, and the member signed in, if any. */
export type LiveCredentials = {
  hostToken?: string | null;
  participantToken?: string | null;
  userId?: string | null;
  /** A room screen opened by the room link: its key, and the app's secret it is checked with. */
  room?: { key: string; secret: string } | null;
};

/** A question asked before the library's ones, written for the round itself (a team's pulse scale). */
export type OpeningQuestion = { text: string; mode: AnswerMode; options: string[] };

export type NewRoundInput = {
  questionIds: string[];
  opening?: OpeningQuestion;
  /** The same, asked after the library's ones (a team's pulse in a round opened ahead: it asks how people are now). */
  closing?: OpeningQuestion;
  /** Takes answers until this moment at least (a round opened ahead of its meeting: the meeting's own round hours after it). */
  openUntil?: Date;
  /** Which questions the round may ask: published ones, unless the caller says more (a team's: its own too). */
  askable?: SQL;
  modes?: (AnswerMode | null)[];
  anonymous: boolean;
  revealMode: RevealMode;
  ownerId: string | null;
  /** No shared question: each person who joins is given their own, drawn from this choice. */
  perPerson?: GeneratorChoice;
};

const HOUR_MS = 60 * 60 * 1000;

/** Open until ended or until it closes by itself; afterwards only its recap remains. */
export function roundStatus(round: Round, now = new Date()): RoundStatus {
  return round.status === "open" && round.closesAt > now ? "open" : "ended";
}

/** How many rounds are open for answers now, whichever server runs them (roundStatus's rule, counted). */
export async function runningRoundCount(db: Database, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::integer` })
    .from(liveRounds)
    .where(and(eq(liveRounds.status, "open"), gt(liveRounds.closesAt, now)));
  return Number(row?.total ?? 0);
}

export function isHost(round: Round, credentials: LiveCredentials): boolean {
  if (credentials.userId && round.ownerId === credentials.userId) return true;
  return tokenMatches(credentials.hostToken, round.hostTokenHash);
}

/** Whether this browser may show the round's room screen: the host's own, or one opened by the room link. */
function maySeeRoom(round: Round, credentials: LiveCredentials): boolean {
  if (isHost(round, credentials)) return true;
  const room = credentials.room;
  return !!room && roomKeyMatches(room.key, roomKeyOf(round, room.secret));
}

/** The room link's key, for the host alone: their screen offers it to copy to another device. */
export async function roomKeyForHost(
  db: Database,
  code: string,
  credentials: LiveCredentials,
  secret: string,
): Promise<Outcome<{ roomKey: string }>> {
  const round = await findRound(db, code);
  if (!round) return roundOutOfReach();
  if (!isHost(round, credentials)) return notTheHost(db, round, credentials, "act");
  return { ok: true, roomKey: roomKeyOf(round, secret) };
}

/** The answer timer of the current question as it stands now, counted down from when the host set it. */
function timerOf(round: Round, now = Date.now()): RoundTimer | null {
  const stored = round.timer;
  if (!stored || stored.position !== round.position || roundStatus(round) === "ended") return null;
  const elapsed = stored.running ? Math.max(0, now - Date.parse(stored.setAt)) / 1000 : 0;
  const remainingSeconds = Math.max(0, Math.ceil(stored.remainingSeconds - elapsed));
  return {
    position: stored.position,
    totalSeconds: stored.totalSeconds,
    remainingSeconds,
    running: stored.running && remainingSeconds > 0,
  };
}

/** The round with this code, unless it has expired (it is deleted soon after). */
export async function findRound(db: Database, code: string): Promise<Round | null> {
  const [round] = await db
    .select()
    .from(liveRounds)
    .where(and(eq(liveRounds.code, code), sql`${liveRounds.expiresAt} > now()`));
  return round ?? null;
}

export const roundEnded = () => failure("ROUND_GONE");

/** A stored answer as screens show it, its name already as shownName gives it: a pass carries no text or choice. */
function toLiveAnswer(
  row: Pick<typeof liveAnswers.$inferSelect, "id" | "position" | "kind" | "text" | "choice" | "hidden"> & {
    name: string | null;
    question?: string | null;
  },
): LiveAnswer {
  const kind = row.kind === "pass" ? "pass" : "answer";
  return {
    id: row.id,
    position: row.position,
    kind,
    text: kind === "pass" ? null : row.text,
    choice: kind === "pass" ? null : row.choice,
    name: row.name,
    hidden: row.hidden,
    // Only a round where each person has their own question has one per answer.
    ...(row.question ? { question: row.question } : {}),
  };
}

/** A round's stored answers with their writers' names as screens show them, oldest first (or newest first). */
function answerRows(db: Database, where: SQL | undefined, order: "oldest" | "newest" = "oldest") {
  return db
    .select({
      id: liveAnswers.id,
      position: liveAnswers.position,
      kind: liveAnswers.kind,
      text: liveAnswers.text,
      choice: liveAnswers.choice,
      hidden: liveAnswers.hidden,
      name: sql<
        string | null
      >`${shownName(sql`${liveRounds.anonymous}`, sql`${liveAnswers.kind}`, sql`${liveParticipants.name}`)}`,
      question: liveParticipants.questionText,
    })
    .from(liveAnswers)
    .innerJoin(liveParticipants, eq(liveParticipants.id, liveAnswers.participantId))
    .innerJoin(liveRounds, eq(liveRounds.id, liveAnswers.roundId))
    .where(where)
    .orderBy(
      ...(order === "oldest"
        ? [asc(liveAnswers.createdAt), asc(liveAnswers.id)]
        : [desc(liveAnswers.updatedAt), desc(liveAnswers.id)]),
    );
}

/**
 * One question's answers counted, as every screen shows them: what it
 * reads grows with the room, what it answers does not. The pulse's counts
 * only from three answers (pulseResults).
 */
export async function resultsAt(
  db: Database,
  round: Pick<Round, "id">,
  question: Pick<RoundQuestion, "position" | "mode" | "options"> & { pulse: boolean },
): Promise<RoundResults> {
  const rows = await db
    .select({ kind: liveAnswers.kind, text: liveAnswers.text, choice: liveAnswers.choice, hidden: liveAnswers.hidden })
    .from(liveAnswers)
    .where(and(eq(liveAnswers.roundId, round.id), eq(liveAnswers.position, question.position)));
  const results = resultsOf(
    question,
    rows.map((row) => ({ ...row, kind: row.kind === "pass" ? ("pass" as const) : ("answer" as const) })),
  );
  return question.pulse ? pulseResults(results) : results;
}

/** The latest answers to one question (hidden ones included), oldest of them first: the host's moderation list. */
async function latestAnswersAt(db: Database, round: Pick<Round, "id">, position: number) {
  const rows = await answerRows(
    db,
    and(eq(liveAnswers.roundId, round.id), eq(liveAnswers.position, position)),
    "newest",
  ).limit(LIVE_RECENT_ANSWERS);
  return rows.reverse().map(toLiveAnswer);
}

/** The newest visible free-text answers to one question, oldest of them first: the room screen's wall. */
export async function wallAnswersAt(db: Database, round: Pick<Round, "id">, position: number) {
  const rows = await answerRows(
    db,
    and(
      eq(liveAnswers.roundId, round.id),
      eq(liveAnswers.position, position),
      eq(liveAnswers.kind, "answer"),
      eq(liveAnswers.hidden, false),
    ),
    "newest",
  ).limit(LIVE_WALL_ANSWERS);
  return rows.reverse().map(toLiveAnswer);
}

export async function roundQuestions(db: Database, roundId: string): Promise<RoundQuestion[]> {
  const rows = await db
    .select()
    .from(liveRoundQuestions)
    .where(eq(liveRoundQuestions.roundId, roundId))
    .orderBy(asc(liveRoundQuestions.position));
  return rows.map((row) => ({
    position: row.position,
    text: row.text,
    mode: row.mode as AnswerMode,
    options: row.options,
    questionId: row.questionId,
    engagementLevel: row.engagementLevel,
  }));
}

/**
 * Starts a round with the questions in the order given, each asked in the
 * mode chosen for it or its own default. Only published questions can be
 * asked, and in a team's round the team's own private questions too.
 */
export async function createRound(
  db: Database,
  input: NewRoundInput,
  settings: LiveSettings,
): Promise<Outcome<{ roundId: string; code: string; hostToken: string; expiresAt: Date }>> {
  const found = await db
    .select({
      id: questions.id,
      text: questions.text,
      format: questions.format,
      answers: questions.answers,
      engagementLevel: questions.engagementLevel,
    })
    .from(questions)
    .where(and(inArray(questions.id, input.questionIds), input.askable ?? eq(questions.status, "published")));
  const byId = new Map(found.map((q) => [q.id, q]));
  const planned: Omit<typeof liveRoundQuestions.$inferInsert, "roundId">[] = [];
  if (input.opening) planned.push({ position: 0, questionId: null, engagementLevel: "quick", ...input.opening });
  const perPerson = input.perPerson
    ? {
        ...input.perPerson,
        engagementLevel: offeredEngagement(input.perPerson.meetingContext, input.perPerson.engagementLevel),
      }
    : null;
  // One place in the order, answered in words: what is asked there is each person's own question.
  if (perPerson) {
    planned.push({
      position: planned.length,
      questionId: null,
      text: PER_PERSON_TITLE,
      mode: "text",
      options: [],
      engagementLevel: perPerson.engagementLevel,
    });
  }
  const first = planned.length;
  for (const [index, id] of input.questionIds.entries()) {
    const question = byId.get(id);
    if (!question) return failure("ROUND_QUESTION_UNAVAILABLE", { number: index + 1 });
    const chosen = input.modes?.[index] ?? null;
    const { mode, options } = chosen
      ? { mode: chosen, options: optionsFor(chosen, question.format, question.answers) }
      : defaultAnswerMode(question.format, question.answers);
    if (!options) return failure("ROUND_QUESTION_HAS_NO_CHOICES", { number: index + 1 });
    planned.push({
      position: first + index,
      questionId: question.id,
      text: question.text,
      mode,
      options,
      engagementLevel: question.engagementLevel,
    });
  }
  if (input.closing)
    planned.push({ position: planned.length, questionId: null, engagementLevel: "quick", ...input.closing });

  const now = Date.now();
  const closesAt = new Date(Math.max(now + settings.roundHours * HOUR_MS, input.openUntil?.getTime() ?? 0));
  const expiresAt = input.ownerId
    ? new Date(Math.max(now + settings.recapDays * 24 * HOUR_MS, closesAt.getTime()))
    : closesAt;
  const hostToken = newToken();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newJoinCode();
    try {
      const roundId = await db.transaction(async (tx) => {
        const [round] = await tx
          .insert(liveRounds)
          .values({
            code,
            hostTokenHash: hashToken(hostToken),
            recapToken: newToken(),
            ownerId: input.ownerId,
            anonymous: input.anonymous,
            revealMode: input.revealMode,
            perPerson,
            revealed: input.revealMode === "live",
            maxParticipants: settings.maxParticipants,
            closesAt,
            expiresAt,
          })
          .returning({ id: liveRounds.id });
        if (!round) throw new Error("The new round was not stored");
        await tx.insert(liveRoundQuestions).values(planned.map((q) => ({ ...q, roundId: round.id })));
        return round.id;
      });
      return { ok: true, roundId, code, hostToken, expiresAt };
    } catch (error) {
      // Another round holds this code: draw again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return retryableFailure("ROUND_NO_FREE_CODE", {}, { retryable: true });
}

export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The round as one screen sees it now. Only a seat reads it: the host's
 * view holds the latest answers to the current question and their counts;
 * the room screen's how many answered and passed, and the counts of the
 * answers once they are shown (never a name of who joined, never a hidden
 * answer); a participant's the counts once they are shown, and their own answer.
 * Without a seat, `lobby` gives what the join form needs (no questions, no
 * answers); otherwise it is refused. The sequence number is read first:
 * whatever happens while the rest is read arrives again as an event, and
 * events apply only once.
 */
export async function getRoundView(
  db: Database,
  code: string,
  credentials: LiveCredentials,
  role: RoundRole,
  options: { lobby?: boolean } = {},
): Promise<Outcome<{ view: RoundView }>> {
  const round = await findRound(db, code);
  if (!round) return roundOutOfReach();
  const refused = await refusedScreen(db, round, credentials, role);
  if (refused) return refused;
  const participant = role === "participant" ? await seatOf(db, round, credentials.participantToken) : undefined;
  const seated = role !== "participant" || participant !== undefined;
  if (!seated && !options.lobby) return roundOutOfReach();
  const questionList = seated ? await roundQuestions(db, round.id) : [];
  const current = questionList[round.position];
  const question = current ? { ...current, pulse: isPulseQuestion(current) } : undefined;
  const shown = round.revealed || round.revealMode === "live";
  let answers: LiveAnswer[] = [];
  let mine: LiveAnswer | null = null;
  let results: RoundResults | null = null;
  if (role === "host") {
    // The pulse's answers are counted, never listed, not even for the host.
    answers = question?.pulse ? [] : await latestAnswersAt(db, round, round.position);
    if (question) results = await resultsAt(db, round, question);
  } else if (role === "room") {
    // Before the reveal the room sees how many answered, not what: the tally and words come with the reveal.
    const counted = question ? await resultsAt(db, round, question) : null;
    results = counted && !shown ? countsOnly(counted) : counted;
    // Revealed free text comes with the view, the newest first on the wall, so the room never waits on an empty box.
    if (shown && question?.mode === "text" && !question.pulse) answers = await wallAnswersAt(db, round, round.position);
  } else if (participant) {
    const [own] = await answerRows(
      db,
      and(
        eq(liveAnswers.roundId, round.id),
        eq(liveAnswers.position, round.position),
        eq(liveAnswers.participantId, participant.id),
      ),
    );
    mine = own ? toLiveAnswer(own) : null;
    if (shown && question) results = await resultsAt(db, round, question);
  }
  const participants =
    role === "host"
      ? (
          await db
            .select({
              id: liveParticipants.id,
              name: liveParticipants.name,
              questionId: liveParticipants.questionId,
              questionText: liveParticipants.questionText,
            })
            .from(liveParticipants)
            .where(eq(liveParticipants.roundId, round.id))
            .orderBy(asc(liveParticipants.joinedAt))
        ).map((p) => ({
          id: p.id,
          name: round.anonymous ? null : p.name,
          ...(p.questionText ? { question: { id: p.questionId, text: p.questionText } } : {}),
        }))
      : [];
  return {
    ok: true,
    view: {
      role,
      code: round.code,
      status: roundStatus(round),
      anonymous: round.anonymous,
      revealMode: round.revealMode as RevealMode,
      perPerson: perPersonOf(round),
      position: round.position,
      revealed: shown,
      locked: round.locked || roundStatus(round) === "ended",
      questions: questionList,
      participantCount: round.participantCount,
      maxParticipants: round.maxParticipants,
      answers,
      results,
      seated,
      connected: 0,
      participants,
      me: participant
        ? {
            participantId: participant.id,
            name: round.anonymous ? null : participant.name,
            answer: mine,
            question: ownQuestionOf(participant),
          }
        : null,
      recapToken: role === "host" || (round.recapShared && roundStatus(round) === "ended") ? round.recapToken : null,
      recapShared: round.recapShared,
      closesAt: round.closesAt.toISOString(),
      timer: role === "participant" ? null : timerOf(round),
      seq: Number(round.lastSeq),
    },
  };
}

/** The host screen is the host's; the room screen the host's or the room link's. */
async function refusedScreen(
  db: Database,
  round: Round,
  credentials: LiveCredentials,
  role: RoundRole,
): Promise<{ ok: false; error: DomainError } | null> {
  if (role === "host" && !isHost(round, credentials)) {
    return notTheHost(db, round, credentials, "open-host-screen");
  }
  if (role === "room" && !maySeeRoom(round, credentials)) {
    return notTheHost(db, round, credentials, "open-room-screen");
  }
  return null;
}

/**
 * The refusal of a host's action to someone else: a participant of the
 * round, who knows its code already, is told only the host may; anyone
 * without a seat gets what an unknown code gets.
 */
export async function notTheHost(
  db: Database,
  round: Pick<Round, "id">,
  credentials: LiveCredentials,
  action: HostOnlyAction,
): Promise<{ ok: false; error: DomainError }> {
  const participant = await seatOf(db, round, credentials.participantToken);
  return participant ? failure("HOST_ONLY", { action }) : roundOutOfReach();
}

/** The choice each person's own question is drawn from, in a round that has one. */
export function perPersonOf(round: Pick<Round, "perPerson">): GeneratorChoice | null {
  return (round.perPerson as GeneratorChoice | null) ?? null;
}

/** A participant's own question as their phone shows it; null in a round with shared questions. */
function ownQuestionOf(seat: { questionId: string | null; questionText: string | null }): OwnQuestion | null {
  return seat.questionText === null ? null : { id: seat.questionId, text: seat.questionText };
}

/** The participant a token seats in this round, with their own question in a round that gives one. */
async function seatOf(db: Database, round: Pick<Round, "id">, token: string | null | undefined) {
  if (!token) return undefined;
  const [row] = await db
    .select({
      id: liveParticipants.id,
      name: liveParticipants.name,
      questionId: liveParticipants.questionId,
      questionText: liveParticipants.questionText,
    })
    .from(liveParticipants)
    .where(and(eq(liveParticipants.tokenHash, hashToken(token)), eq(liveParticipants.roundId, round.id)));
  return row;
}

/**
 * One page of a question's free-text answers, oldest first. The host reads
 * any question's, hidden ones included; a participant only the current
 * question's visible answers, once they are shown.
 */
export async function answersPage(
  db: Database,
  code: string,
  credentials: LiveCredentials,
  position: number,
  offset: number,
): Promise<Outcome<{ answers: LiveAnswer[]; total: number }>> {
  const round = await findRound(db, code);
  if (!round) return roundOutOfReach();
  const host = isHost(round, credentials);
  if (!host) {
    const participant = await seatOf(db, round, credentials.participantToken);
    if (!participant) return roundOutOfReach();
    const shown = round.revealed || round.revealMode === "live";
    if (position !== round.position || !shown) return failure("ANSWERS_NOT_SHOWN");
  }
  const where = and(
    eq(liveAnswers.roundId, round.id),
    eq(liveAnswers.position, position),
    eq(liveAnswers.kind, "answer"),
    host ? undefined : eq(liveAnswers.hidden, false),
    sql`not ${isPulseAt(sql`${liveAnswers.roundId}`, sql`${liveAnswers.position}`)}`,
  );
  const [rows, [count]] = await Promise.all([
    answerRows(db, where).limit(LIVE_ANSWER_PAGE).offset(offset),
    db.select({ total: sql<number>`count(*)::integer` }).from(liveAnswers).where(where),
  ]);
  // Another participant's own question is theirs: a phone is sent the answers without it.
  const answers = rows.map(toLiveAnswer).map((answer) => (host ? answer : withoutQuestion(answer)));
  return { ok: true, answers, total: Number(count?.total ?? 0) };
}

/**
 * The round a screen may follow, if it may: the host screen only for the
 * host, the room screen for the host or by the room link, the participant's
 * only from a seat in it; with the seat's id, so a participant follows on
 * one screen at a time.
 */
export async function roundToFollow(
  db: Database,
  code: string,
  credentials: LiveCredentials,
  role: RoundRole,
): Promise<Outcome<{ roundId: string; status: RoundStatus; lastSeq: number; participantId: string | null }>> {
  const round = await findRound(db, code);
  if (!round) return roundOutOfReach();
  const refused = await refusedScreen(db, round, credentials, role);
  if (refused) return refused;
  const participant = role === "participant" ? await seatOf(db, round, credentials.participantToken) : undefined;
  if (role === "participant" && !participant) return roundOutOfReach();
  return {
    ok: true,
    roundId: round.id,
    status: roundStatus(round),
    lastSeq: Number(round.lastSeq),
    participantId: participant?.id ?? null,
  };
}

/** Deletes the round, its answers and its recap at once; screens still open are told. */
export async function deleteRound(db: Database, code: string, credentials: LiveCredentials): Promise<Outcome> {
  const round = await findRound(db, code);
  if (!round) return roundOutOfReach();
  if (!isHost(round, credentials)) return notTheHost(db, round, credentials, "delete");
  await db.transaction(async (tx) => {
    await tx.delete(liveRounds).where(eq(liveRounds.id, round.id));
    await notifyDeleted(tx, round.id);
  });
  return { ok: true };
}

/** The read-only recap behind the link the host may share. */
export async function getRecap(db: Database, recapToken: string): Promise<Outcome<{ recap: RoundRecap }>> {
  const [round] = await db
    .select()
    .from(liveRounds)
    .where(and(eq(liveRounds.recapToken, recapToken), sql`${liveRounds.expiresAt} > now()`));
  if (!round) return failure("RECAP_NOT_FOUND");
  const questionList = await roundQuestions(db, round.id);
  const rows = await answerRows(db, eq(liveAnswers.roundId, round.id));
  return {
    ok: true,
    recap: {
      code: round.code,
      status: roundStatus(round),
      anonymous: round.anonymous,
      createdAt: round.createdAt.toISOString(),
      endedAt: round.endedAt?.toISOString() ?? null,
      participantCount: round.participantCount,
      questions: questionList.map((question) => {
        const own = rows.filter((row) => row.position === question.position);
        const answered = own.filter((row) => row.kind === "answer");
        const visible = answered.filter((row) => !row.hidden);
        const pulse = isPulseQuestion(question);
        return {
          position: question.position,
          text: question.text,
          mode: question.mode,
          options: question.options,
          pulse,
          answers: pulse
            ? pulseChoices(visible)
            : visible.map((row) => ({
                text: row.text,
                choice: row.choice,
                name: row.name,
                ...(row.question ? { question: row.question } : {}),
              })),
          answeredCount: answered.length,
          passedCount: own.length - answered.length,
        };
      }),
    },
  };
}

/**
 * The pulse's answers as a recap lists them: choices alone, in the scale's
 * order (not the order people answered in), and none below three answers.
 */
function pulseChoices(answers: { choice: number | null }[]): RoundRecap["questions"][number]["answers"] {
  if (answers.length < PULSE_MIN_ANSWERS) return [];
  return answers
    .map((answer) => answer.choice)
    .filter((choice): choice is number => choice !== null)
    .sort((a, b) => a - b)
    .map((choice) => ({ text: null, choice, name: null }));
}

/**
 * Deletes rounds whose time is up: a visitor's a day after it started, a
 * member's when its recap expires. Whatever must outlive a round (a team's
 * recap) is kept by the caller first, in the same transaction.
 */
export async function sweepExpiredRounds(db: Database): Promise<number> {
  const deleted = await db
    .delete(liveRounds)
    .where(sql`${liveRounds.expiresAt} <= now()`)
    .returning({ id: liveRounds.id });
  return deleted.length;
}
