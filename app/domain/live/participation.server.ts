import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveParticipants, liveRoundQuestions, liveRounds } from "~/db/schema";
import { type AnswerMode, LIVE_WORD_MAX, type LiveAnswer, type OwnQuestion } from "~/shared/live";
import type { LiveAnswerInput } from "~/shared/live-schemas";
import { isPulseQuestion } from "~/shared/series";
import { hasControlCharacters } from "~/shared/text";
import { failure, type Outcome, retryableFailure } from "../errors";
import { pickForChoice } from "../questions/library-pick.server";
import { hashToken, newToken } from "../secret-tokens.server";
import { roundOutOfReach } from "./out-of-reach";
import { changeRound, eventJson, shownName } from "./round-writes.server";
import {
  type ChangedRound,
  findRound,
  isUniqueViolation,
  perPersonOf,
  type Round,
  roundEnded,
  roundStatus,
} from "./rounds.server";

/** At most this many words make "one word": people write "not sure" or "well rested". */
const WORD_ANSWER_MAX_WORDS = 3;

/**
 * Draws for one join in a round where each person has their own question:
 * someone joining on another server at the same moment may take the
 * question drawn, and the next draw knows it.
 */
const OWN_QUESTION_DRAWS = 8;

/**
 * Joins an open round. A named round asks for the name the host will see;
 * an anonymous one stores none. Joining again with the same token is
 * joining once. The count is raised with the round's row locked, so a full
 * round stays full however many people join at once, on any server.
 */
export async function joinRound(
  db: Database,
  code: string,
  input: {
    name?: string;
    participantToken?: string | null;
    /** The token a new seat gets, where the caller derives its own (a chat user's seat); a new random one otherwise. */
    newSeatToken?: string;
    /** The round with this code as the caller has just read it (a chat answer finds it by its post), not read again. */
    round?: Round;
  },
): Promise<Outcome<{ participantToken: string; participantId: string; expiresAt: Date }>> {
  const round = input.round ?? (await findRound(db, code));
  if (!round) return roundOutOfReach();
  if (roundStatus(round) === "ended") return roundEnded();
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
  if (name !== null && !name) return failure("NAME_REQUIRED");
  if (name && hasControlCharacters(name)) return failure("NAME_NOT_SHOWABLE");

  const participantToken = input.newSeatToken ?? newToken();
  const seated = round.perPerson
    ? await seatWithOwnQuestion(db, round, hashToken(participantToken), name)
    : { ok: true as const, joined: await storeParticipant(db, round.id, hashToken(participantToken), name, null) };
  if (!seated.ok) return seated;
  const { joined } = seated;
  if (!joined) {
    const now = await findRound(db, code);
    if (!now || roundStatus(now) === "ended") return roundEnded();
    return failure("ROUND_FULL", { maxParticipants: now.maxParticipants });
  }
  return { ok: true, participantToken, participantId: joined.id, expiresAt: round.expiresAt };
}

/**
 * Seats someone in a round where each person has their own question, with
 * a question of the round's choice nobody in the round was given: drawn by
 * the generator's ladder (pickForChoice) with the round's questions as the
 * ones seen, and stored with the seat in one statement. A unique index on
 * (round, question) keeps two servers from giving one question twice; the
 * join that loses draws again.
 */
async function seatWithOwnQuestion(
  db: Database,
  round: Round,
  tokenHash: string,
  name: string | null,
): Promise<Outcome<{ joined: { id: string } | null }>> {
  const choice = perPersonOf(round);
  if (!choice) return failure("ROUND_NOT_PER_PERSON");
  for (let draw = 0; draw < OWN_QUESTION_DRAWS; draw += 1) {
    const given = await db
      .select({ id: liveParticipants.questionId })
      .from(liveParticipants)
      .where(and(eq(liveParticipants.roundId, round.id), isNotNull(liveParticipants.questionId)));
    const pick = await pickForChoice(
      db,
      choice,
      given.map((row) => row.id as string),
    );
    if (!pick?.unseen) {
      return failure("OWN_QUESTIONS_USED_UP");
    }
    try {
      const question = { id: pick.question.id, text: pick.question.question };
      return { ok: true, joined: await storeParticipant(db, round.id, tokenHash, name, question) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return retryableFailure("JOIN_RACE", {}, { retryable: true });
}

/**
 * Counts the participant in and stores them (with their own question, in a
 * round that gives one) with the host's event, if the round is open and has
 * room; else null.
 */
async function storeParticipant(
  db: Database,
  roundId: string,
  tokenHash: string,
  name: string | null,
  question: OwnQuestion | null,
): Promise<{ id: string } | null> {
  const [row] = await changeRound<{ id: string }>(db, {
    roundId,
    where: sql`participant_count < max_participants`,
    set: sql`participant_count = participant_count + 1`,
    steps: sql`participant as (
      insert into live_participants (round_id, token_hash, name, question_id, question_text)
      select round.id, ${tokenHash}, ${name}::text, ${question?.id ?? null}::uuid, ${question?.text ?? null}::text
      from round
      returning id, name, question_id, question_text
    )`,
    from: sql`participant`,
    audience: "host",
    event: {
      type: "joined",
      participant: question
        ? {
            id: sql`participant.id`,
            name: sql`participant.name`,
            question: { id: sql`participant.question_id`, text: sql`participant.question_text` },
          }
        : { id: sql`participant.id`, name: sql`participant.name` },
      participantCount: sql`round.participant_count`,
    },
    returning: sql`participant.id as id`,
  });
  return row ?? null;
}

export type Participant = { id: string; name: string | null; questionId: string | null; round: Round };

/** A question as answers are checked against it; the pulse's answers go to nobody one by one. */
type AskedQuestion = { mode: AnswerMode; options: string[]; pulse: boolean; questionId: string | null };
/** A round as answers are checked against it: its questions, and whether each person answers their own. */
type AskedRound = { roundId: string; questions: AskedQuestion[]; perPerson: boolean };
/**
 * A round's questions never change once it has started, so each server
 * keeps the recent rounds' in memory, by id and by code. A code is found
 * again only once its round is gone: an entry under it is checked against
 * the round's id by every statement that uses it.
 */
const askedById = new Map<string, AskedQuestion[]>();
const askedByCode = new Map<string, AskedRound>();
const ASKED_QUESTIONS_KEPT = 500;

function keep<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= ASKED_QUESTIONS_KEPT) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

async function questionRows(db: Database, roundId: string): Promise<AskedQuestion[]> {
  const rows = await db
    .select({
      mode: liveRoundQuestions.mode,
      options: liveRoundQuestions.options,
      questionId: liveRoundQuestions.questionId,
      text: liveRoundQuestions.text,
    })
    .from(liveRoundQuestions)
    .where(eq(liveRoundQuestions.roundId, roundId))
    .orderBy(liveRoundQuestions.position);
  return rows.map((row) => ({
    mode: row.mode as AnswerMode,
    options: row.options,
    pulse: isPulseQuestion(row),
    questionId: row.questionId,
  }));
}

/** The question asked at a position of a round, from memory after the first time. */
export async function questionAt(db: Database, roundId: string, position: number): Promise<AskedQuestion | undefined> {
  let list = askedById.get(roundId);
  if (!list) {
    list = await questionRows(db, roundId);
    keep(askedById, roundId, list);
  }
  return list[position];
}

/** The round with this code and its questions, from memory after the first time. */
async function askedRound(db: Database, code: string): Promise<AskedRound | null> {
  const known = askedByCode.get(code);
  if (known) return known;
  const round = await findRound(db, code);
  if (!round) return null;
  const asked = { roundId: round.id, questions: await questionRows(db, round.id), perPerson: round.perPerson !== null };
  keep(askedByCode, code, asked);
  return asked;
}

/** The participant a token belongs to in the round with this code. */
async function findParticipant(
  db: Database,
  code: string,
  token: string | null | undefined,
): Promise<Participant | null> {
  if (!token) return null;
  const [row] = await db
    .select({
      id: liveParticipants.id,
      name: liveParticipants.name,
      questionId: liveParticipants.questionId,
      round: liveRounds,
    })
    .from(liveParticipants)
    .innerJoin(liveRounds, eq(liveRounds.id, liveParticipants.roundId))
    .where(and(eq(liveParticipants.tokenHash, hashToken(token)), eq(liveRounds.code, code)));
  return (row as Participant | undefined) ?? null;
}

/** Why an answer cannot be taken now, in the participant's words. */
function closedReason(round: Round, position: number) {
  if (roundStatus(round) === "ended") return failure("ROUND_ENDED");
  if (round.position !== position) return failure("HOST_MOVED_ON", { position });
  return failure("ROUND_LOCKED", { position });
}

/**
 * Takes a participant's answer (or pass) to the current question, replacing
 * an earlier one, while the host has not locked it. The host sees it at
 * once; everyone else only once answers are shown. An answer the host hid
 * stays hidden when it is changed. One statement when it is taken (the
 * round's questions are in memory): the seat, the round's state and the
 * answer are checked and stored together; a refusal reads why.
 */
export async function submitAnswer(
  db: Database,
  code: string,
  participantToken: string | null,
  input: LiveAnswerInput,
): Promise<Outcome<{ answer: LiveAnswer; round: ChangedRound }>> {
  if (!participantToken) return roundOutOfReach();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const asked = await askedRound(db, code);
    if (!asked) return roundOutOfReach();
    const question = asked.questions[input.position];
    const value = question ? answerValue(question, input) : null;
    if (value && !value.ok) return value;
    // In a round of shared questions, a question id that is not the one at this position is a stale screen's.
    if (question && !asked.perPerson && input.questionId && input.questionId !== question.questionId) {
      return failure("QUESTION_NOT_AT_POSITION");
    }
    if (question && value?.ok) {
      const stored = await storeAnswer(db, asked.roundId, input.position, hashToken(participantToken), {
        ...value.fields,
        wordMode: question.mode === "word",
        pulse: question.pulse,
        perPerson: asked.perPerson,
        questionId: asked.perPerson ? (input.questionId ?? null) : null,
      });
      if (stored)
        return { ok: true, answer: stored.answer, round: { id: asked.roundId, chatPosted: stored.chatPosted } };
    }
    const participant = await findParticipant(db, code, participantToken);
    if (!participant) {
      askedByCode.delete(code);
      if (attempt === 0 && (await findRound(db, code))?.id !== asked.roundId) continue;
      return roundOutOfReach();
    }
    if (participant.round.id !== asked.roundId) {
      // The code was given to a new round since this server remembered it.
      askedByCode.delete(code);
      continue;
    }
    if (!question) return failure("NO_SUCH_ROUND_QUESTION");
    if (asked.perPerson && input.questionId && input.questionId !== participant.questionId) {
      return failure("NOT_YOUR_QUESTION");
    }
    return closedReason(participant.round, input.position);
  }
  return roundOutOfReach();
}

/**
 * Stores the answer with its event, if the token seats someone in the round
 * and the question is still open (not locked, the host has not moved on,
 * the round has not ended); else null. The event carries what the earlier
 * answer counted for (its word only in a one-word question), so screens
 * move their counts without being sent the answers. A pulse answer's event
 * goes to the host only, with neither a name nor a choice: the host counts
 * who answered, and the counts come from the server, from three answers.
 * Answers too whether the round is posted in a chat, from the row it wrote.
 */
async function storeAnswer(
  db: Database,
  roundId: string,
  position: number,
  tokenHash: string,
  fields: AnswerFields & {
    wordMode: boolean;
    pulse: boolean;
    /** Each person answers their own question: the answer carries it. */
    perPerson: boolean;
    /** The question the phone answered, which must be the seat's own. */
    questionId: string | null;
  },
): Promise<{ answer: LiveAnswer; chatPosted: boolean } | null> {
  const answer = {
    id: sql`answer.id`,
    position,
    kind: fields.kind,
    text: fields.text,
    choice: fields.choice,
    name: fields.pulse ? null : shownName(sql`round.anonymous`, sql`${fields.kind}::text`, sql`seat.name`),
    hidden: sql`answer.hidden`,
    ...(fields.perPerson ? { question: sql`seat.question_text` } : {}),
  };
  const ownQuestion = fields.questionId ? sql` and question_id = ${fields.questionId}` : sql``;
  const told = fields.pulse ? { ...answer, choice: null } : answer;
  const previous = eventJson({
    kind: sql`previous.kind`,
    text: sql`case when ${fields.wordMode} and previous.kind = 'answer' then previous.text end`,
    choice: fields.pulse ? null : sql`previous.choice`,
    hidden: sql`previous.hidden`,
  });
  const [row] = await changeRound<{ answer: LiveAnswer | string; chatPosted: boolean }>(db, {
    roundId,
    where: sql`position = ${position} and not locked
      and exists (
        select 1 from live_participants where token_hash = ${tokenHash} and round_id = ${roundId}${ownQuestion}
      )`,
    steps: sql`seat as (
      select id, name, question_text from live_participants where token_hash = ${tokenHash} and round_id = ${roundId}
    ), previous as (
      select a.kind, a.text, a.choice, a.hidden from live_answers a, seat
      where a.round_id = ${roundId} and a.position = ${position} and a.participant_id = seat.id
    ), answer as (
      insert into live_answers (round_id, position, participant_id, kind, text, choice)
      select round.id, ${position}, seat.id, ${fields.kind}, ${fields.text}::text, ${fields.choice}::integer
      from round, seat
      on conflict (round_id, position, participant_id) do update
        set kind = excluded.kind, text = excluded.text, choice = excluded.choice, updated_at = now()
      returning id, hidden
    )`,
    from: sql`seat, answer`,
    audience: fields.pulse
      ? "host"
      : sql`case when (round.revealed or round.reveal_mode = 'live') and not answer.hidden then 'all' else 'host' end`,
    event: { type: "answer", answer: told, previous: sql`(select ${previous} from previous)` },
    returning: sql`${eventJson(answer)} as answer, round.chat_posted as "chatPosted"`,
  });
  if (!row) return null;
  const stored = typeof row.answer === "string" ? (JSON.parse(row.answer) as LiveAnswer) : row.answer;
  return { answer: stored, chatPosted: row.chatPosted };
}

type AnswerFields = { kind: "answer" | "pass"; text: string | null; choice: number | null };

/** The answer as stored, checked against the question's mode: text for text and word, a choice for scale and pick. */
function answerValue(
  question: { mode: string; options: string[] },
  input: LiveAnswerInput,
): { ok: true; fields: AnswerFields } | { ok: false; error: import("../errors").DomainError } {
  if (input.pass) return { ok: true, fields: { kind: "pass", text: null, choice: null } };
  if (question.mode === "scale" || question.mode === "pick") {
    if (input.choice === undefined) return failure("CHOICE_REQUIRED");
    if (input.choice >= question.options.length) return failure("CHOICE_NOT_SHOWN");
    return { ok: true, fields: { kind: "answer", text: null, choice: input.choice } };
  }
  const text = (input.text ?? "").trim();
  if (!text) return failure("ANSWER_REQUIRED");
  if (hasControlCharacters(text)) return failure("ANSWER_NOT_SHOWABLE");
  if (question.mode === "word") {
    const words = text.split(/\s+/).length;
    if (text.length > LIVE_WORD_MAX || words > WORD_ANSWER_MAX_WORDS) {
      return failure("ONE_WORD_ANSWER", { maxCharacters: LIVE_WORD_MAX });
    }
  }
  return { ok: true, fields: { kind: "answer", text, choice: null } };
}
