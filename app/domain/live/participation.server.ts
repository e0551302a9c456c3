import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveAnswers, liveParticipants, liveRoundQuestions, liveRounds } from "~/db/schema";
import { LIVE_WORD_MAX, type LiveAnswer } from "~/shared/live";
import type { LiveAnswerInput } from "~/shared/live-schemas";
import { hasControlCharacters } from "~/shared/text";
import { failure, type Outcome } from "../errors";
import { insertEvent, takeNextSeq } from "./events.server";
import { findRound, noSuchRound, type Round, roundEnded, statusOf, toLiveAnswer } from "./rounds.server";
import { hashToken, newToken } from "./tokens.server";

/** At most this many words make "one word": people write "not sure" or "well rested". */
const WORD_ANSWER_MAX_WORDS = 3;

/**
 * Joins an open round. A named round asks for the name the host will see;
 * an anonymous one stores none. Joining again with the same token is
 * joining once. The count is raised with the round's row locked, so a full
 * round stays full however many people join at once, on any server.
 */
export async function joinRound(
  db: Database,
  code: string,
  input: { name?: string; participantToken?: string | null },
): Promise<Outcome<{ participantToken: string; participantId: string; expiresAt: Date }>> {
  const round = await findRound(db, code);
  if (!round) return noSuchRound();
  if (statusOf(round) === "ended") return roundEnded();
  if (input.participantToken) {
    const [existing] = await db
      .select({ id: liveParticipants.id })
      .from(liveParticipants)
      .where(
        and(eq(liveParticipants.tokenHash, hashToken(input.participantToken)), eq(liveParticipants.roundId, round.id)),
      );
    if (existing)
      return {
        ok: true,
        participantToken: input.participantToken,
        participantId: existing.id,
        expiresAt: round.expiresAt,
      };
  }
  const name = round.anonymous ? null : (input.name ?? "").trim();
  if (name !== null && !name) return failure("INVALID_INPUT", "Please give a name the host will see");
  if (name && hasControlCharacters(name))
    return failure("INVALID_INPUT", "Your name holds characters that cannot be shown");

  const participantToken = newToken();
  const joined = await db.transaction(async (tx) => {
    const state = await takeNextSeq(tx, round.id, lt(liveRounds.participantCount, liveRounds.maxParticipants), {
      participantCount: sql`${liveRounds.participantCount} + 1`,
    });
    if (!state) return null;
    const [participant] = await tx
      .insert(liveParticipants)
      .values({ roundId: round.id, tokenHash: hashToken(participantToken), name })
      .returning({ id: liveParticipants.id });
    if (!participant) throw new Error("The participant was not stored");
    await insertEvent(tx, round.id, state.seq, "host", {
      type: "joined",
      participant: { id: participant.id, name },
      participantCount: state.participantCount,
    });
    return participant;
  });
  if (!joined) {
    const now = await findRound(db, code);
    if (!now || statusOf(now) === "ended") return roundEnded();
    return failure("CONFLICT", `This round is full: it has room for ${now.maxParticipants} people`);
  }
  return { ok: true, participantToken, participantId: joined.id, expiresAt: round.expiresAt };
}

type Participant = { id: string; name: string | null; round: Round };

/** The participant a token belongs to in the round with this code. */
export async function findParticipant(db: Database, code: string, token: string | null | undefined) {
  if (!token) return null;
  const [row] = await db
    .select({ id: liveParticipants.id, name: liveParticipants.name, round: liveRounds })
    .from(liveParticipants)
    .innerJoin(liveRounds, eq(liveRounds.id, liveParticipants.roundId))
    .where(and(eq(liveParticipants.tokenHash, hashToken(token)), eq(liveRounds.code, code)));
  return (row as Participant | undefined) ?? null;
}

/** Why an answer cannot be taken now, in the participant's words. */
function closedReason(round: Round, position: number) {
  if (statusOf(round) === "ended") return failure("CONFLICT", "This round has ended");
  if (round.position !== position) return failure("CONFLICT", "The host has moved on to another question");
  return failure("CONFLICT", "The host has locked answers to this question");
}

/**
 * Takes a participant's answer (or pass) to the current question, replacing
 * an earlier one, while the host has not locked it. The host sees it at
 * once; everyone else only once answers are shown. An answer the host hid
 * stays hidden when it is changed.
 */
export async function submitAnswer(
  db: Database,
  code: string,
  participantToken: string | null | undefined,
  input: LiveAnswerInput,
): Promise<Outcome<{ answer: LiveAnswer }>> {
  const participant = await findParticipant(db, code, participantToken);
  if (!participant) return failure("UNAUTHORIZED", "Join the round before answering");
  const { round } = participant;
  if (statusOf(round) === "ended" || round.position !== input.position || round.locked) {
    return closedReason(round, input.position);
  }
  const [question] = await db
    .select({ mode: liveRoundQuestions.mode, options: liveRoundQuestions.options })
    .from(liveRoundQuestions)
    .where(and(eq(liveRoundQuestions.roundId, round.id), eq(liveRoundQuestions.position, input.position)));
  if (!question) return failure("NOT_FOUND", "This round has no such question");
  const value = answerValue(question, input);
  if (!value.ok) return value;

  const answer = await db.transaction(async (tx) => {
    const state = await takeNextSeq(
      tx,
      round.id,
      and(eq(liveRounds.position, input.position), eq(liveRounds.locked, false)),
    );
    if (!state) return null;
    const [row] = await tx
      .insert(liveAnswers)
      .values({ roundId: round.id, position: input.position, participantId: participant.id, ...value.fields })
      .onConflictDoUpdate({
        target: [liveAnswers.roundId, liveAnswers.position, liveAnswers.participantId],
        set: { ...value.fields, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error("The answer was not stored");
    const shown = toLiveAnswer(row, participant.name, state.anonymous);
    const everyone = (state.revealed || state.revealMode === "live") && !row.hidden;
    await insertEvent(tx, round.id, state.seq, everyone ? "all" : "host", { type: "answer", answer: shown });
    return shown;
  });
  if (!answer) {
    const now = await findRound(db, code);
    return now ? closedReason(now, input.position) : roundEnded();
  }
  return { ok: true, answer };
}

type AnswerFields = { kind: "answer" | "pass"; text: string | null; choice: number | null };

/** The answer as stored, checked against the question's mode: text for text and word, a choice for scale and pick. */
function answerValue(
  question: { mode: string; options: string[] },
  input: LiveAnswerInput,
): { ok: true; fields: AnswerFields } | { ok: false; error: import("../errors").DomainError } {
  if (input.pass) return { ok: true, fields: { kind: "pass", text: null, choice: null } };
  if (question.mode === "scale" || question.mode === "pick") {
    if (input.choice === undefined) return failure("INVALID_INPUT", "Choose one of the answers");
    if (input.choice >= question.options.length)
      return failure("INVALID_INPUT", "choice must be one of the answers shown");
    return { ok: true, fields: { kind: "answer", text: null, choice: input.choice } };
  }
  const text = (input.text ?? "").trim();
  if (!text) return failure("INVALID_INPUT", "Write an answer, or pass");
  if (hasControlCharacters(text)) return failure("INVALID_INPUT", "Your answer holds characters that cannot be shown");
  if (question.mode === "word") {
    const words = text.split(/\s+/).length;
    if (text.length > LIVE_WORD_MAX || words > WORD_ANSWER_MAX_WORDS) {
      return failure("INVALID_INPUT", `One word, please: at most ${LIVE_WORD_MAX} characters`);
    }
  }
  return { ok: true, fields: { kind: "answer", text, choice: null } };
}
