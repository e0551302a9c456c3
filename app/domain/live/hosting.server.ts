import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveRoundQuestions, liveRounds } from "~/db/schema";
import type { LiveAnswer, RoundTimer } from "~/shared/live";
import type { HostAction } from "~/shared/live-schemas";
import { failure, type Outcome } from "../errors";
import { roundOutOfReach } from "./out-of-reach";
import { questionAt } from "./participation.server";
import { changeRound, eventJson, isPulseAt, shownName } from "./round-writes.server";
import {
  type ChangedRound,
  findRound,
  isHost,
  type LiveCredentials,
  notTheHost,
  resultsAt,
  roundStatus,
} from "./rounds.server";

/**
 * What else happens once a round has ended (a team keeps its recap): the
 * caller wires it in, so rounds know nothing of who else cares. It may run
 * more than once for a round and must keep what it keeps once.
 */
export type RoundEndedHook = (db: Database, roundId: string) => Promise<unknown>;

type PhaseChange = { position?: number; revealed?: boolean; locked?: boolean };

/** What each action does to the current question, given the round's state and length. */
function phaseChange(
  action: Exclude<HostAction, "end" | "timer">,
  round: { position: number; revealMode: string },
  count: number,
) {
  const fresh = { revealed: round.revealMode === "live", locked: false };
  switch (action) {
    case "reveal":
      return { revealed: true };
    case "hide-answers":
      return { revealed: false };
    case "lock":
      return { locked: true };
    case "unlock":
      return { locked: false };
    case "next":
      return round.position + 1 < count ? { position: round.position + 1, ...fresh } : null;
    case "previous":
      return round.position > 0 ? { position: round.position - 1, ...fresh } : null;
  }
}

/**
 * The host moves the round on: shows or hides the answers, locks or unlocks
 * them, goes to the next or previous question, or ends it. `position` is the
 * question the host's screen shows; a screen that fell behind cannot act on
 * another question by accident. Ending with `shareRecap` gives every
 * participant the recap's link with the news that the round has ended.
 */
export async function hostAction(
  db: Database,
  code: string,
  credentials: LiveCredentials,
  action: HostAction,
  position: number,
  options: { shareRecap?: boolean; afterEnd?: RoundEndedHook; timer?: Omit<RoundTimer, "position"> } = {},
): Promise<Outcome<{ round: ChangedRound }>> {
  const afterEnd = options.afterEnd ?? (async () => {});
  const round = await findRound(db, code);
  if (!round) return roundOutOfReach();
  if (!isHost(round, credentials)) return notTheHost(db, round, credentials, "act");
  const asFound = { ok: true as const, round: { id: round.id, chatPosted: round.chatPosted } };
  if (roundStatus(round) === "ended") {
    if (action !== "end") return failure("ROUND_ENDED");
    await afterEnd(db, round.id);
    return asFound;
  }
  if (round.position !== position) {
    return failure("ROUND_MOVED_ON");
  }
  if (action === "timer") {
    if (!options.timer) return failure("TIMER_REQUIRED");
    const timed = await setTimer(db, round.id, position, options.timer);
    return timed.ok ? asFound : timed;
  }
  const count = await questionCount(db, round.id);
  /** Whether the round is posted in a chat, as the change read it under the row's lock (a first post may have begun since). */
  const changed = (row: { chatPosted: boolean } | undefined) => ({
    ok: true as const,
    round: { id: round.id, chatPosted: row?.chatPosted ?? round.chatPosted },
  });
  const chatPosted = sql`round.chat_posted as "chatPosted"`;

  if (action === "end") {
    // Ending twice, or a round that closed by itself meanwhile, is ending once.
    const shareRecap = options.shareRecap === true;
    const [ended] = await changeRound<{ chatPosted: boolean }>(db, {
      roundId: round.id,
      set: sql`status = 'ended', locked = true, ended_at = now(), recap_shared = ${shareRecap}`,
      audience: "all",
      event: shareRecap ? { type: "ended", recapToken: round.recapToken } : { type: "ended" },
      returning: chatPosted,
    });
    await afterEnd(db, round.id);
    return changed(ended);
  }
  const change: PhaseChange | null = phaseChange(action, round, count);
  if (!change) {
    return failure(action === "next" ? "ROUND_LAST_QUESTION" : "ROUND_FIRST_QUESTION");
  }
  const moved = await db.transaction(async (tx) => {
    // The round's row is locked first, so no answer slips in between the counts the event brings and the change.
    const [now] = await tx.select().from(liveRounds).where(eq(liveRounds.id, round.id)).for("update");
    if (!now || roundStatus(now) === "ended" || now.position !== position) return null;
    const next = {
      position: change.position ?? now.position,
      revealed: change.revealed ?? now.revealed,
      locked: change.locked ?? now.locked,
    };
    const shown = next.revealed || now.revealMode === "live";
    const question = shown ? await questionAt(tx, round.id, next.position) : undefined;
    const results = question ? await resultsAt(tx, round, { ...question, position: next.position }) : undefined;
    const [done] = await changeRound<{ chatPosted: boolean }>(tx, {
      roundId: round.id,
      where: sql`position = ${position}`,
      // Another question starts without a timer; the host's screen sets one when the host starts it.
      set: sql`position = ${next.position}, revealed = ${next.revealed}, locked = ${next.locked},
        timer = case when ${next.position} = ${position} then timer end`,
      audience: "all",
      // Once answers are shown, their counts come along (never the answers: free text comes in pages), so every
      // screen shows the same and a reveal to a room of 2,000 is a few kilobytes per phone.
      event: { type: "phase", position: next.position, revealed: shown, locked: next.locked, results },
      returning: chatPosted,
    });
    return done ?? null;
  });
  if (!moved) return failure("ROUND_MOVED_ON");
  return changed(moved);
}

/**
 * The host started, paused or reset the answer timer: kept on the round with
 * the database's clock, so a room screen that opens later shows the time
 * left, and sent to the host's and room screens (phones do not show it).
 */
async function setTimer(
  db: Database,
  roundId: string,
  position: number,
  timer: Omit<RoundTimer, "position">,
): Promise<Outcome> {
  const shown: RoundTimer = { position, ...timer, running: timer.running && timer.remainingSeconds > 0 };
  const [done] = await changeRound(db, {
    roundId,
    where: sql`position = ${position}`,
    set: sql`timer = ${JSON.stringify(shown)}::jsonb || jsonb_build_object('setAt', now())`,
    audience: "host",
    event: { type: "timer", timer: shown },
  });
  if (!done) return failure("ROUND_MOVED_ON");
  return { ok: true };
}

async function questionCount(db: Database, roundId: string): Promise<number> {
  const rows = await db
    .select({ position: liveRoundQuestions.position })
    .from(liveRoundQuestions)
    .where(eq(liveRoundQuestions.roundId, roundId));
  return rows.length;
}

/**
 * Hides an answer from everyone but the host (moderation), or shows it
 * again: undoable, either way. Participants learn of it only if the
 * answers of that question are being shown.
 */
export async function moderateAnswer(
  db: Database,
  code: string,
  credentials: LiveCredentials,
  answerId: string,
  hidden: boolean,
): Promise<Outcome<{ answer: LiveAnswer }>> {
  const round = await findRound(db, code);
  if (!round) return roundOutOfReach();
  if (!isHost(round, credentials)) return notTheHost(db, round, credentials, "hide-answers");
  const shown = {
    id: sql`hid.id`,
    position: sql`hid.position`,
    kind: sql`hid.kind`,
    text: sql`hid.text`,
    choice: sql`hid.choice`,
    name: shownName(sql`round.anonymous`, sql`hid.kind`, sql`who.name`),
    hidden: sql`hid.hidden`,
    // Where each person has their own question, an answer shown again comes back beside it.
    ...(round.perPerson ? { question: sql`who.question_text` } : {}),
  };
  // An ended round's answers can still be hidden: the recap leaves them out. The pulse's are never shown one by
  // one, so there is nothing of them to hide (and hiding one would tell its choice back).
  const [row] = await changeRound<{ answer: LiveAnswer | string }>(db, {
    roundId: round.id,
    evenIfEnded: true,
    where: sql`exists (
      select 1 from live_answers a where a.id = ${answerId} and a.round_id = ${round.id}
        and not ${isPulseAt(sql`a.round_id`, sql`a.position`)}
    )`,
    steps: sql`hid as (
      update live_answers a set hidden = ${hidden} from round
      where a.id = ${answerId} and a.round_id = round.id
      returning a.*
    ), who as (
      select p.name, p.question_text from live_participants p, hid where p.id = hid.participant_id
    ), asked as (
      select q.mode from live_round_questions q, hid where q.round_id = hid.round_id and q.position = hid.position
    )`,
    from: sql`hid, who, asked`,
    // Participants learn of it only if the answers of that question are being shown.
    audience: sql`case when hid.position = round.position and (round.revealed or round.reveal_mode = 'live')
      then 'all' else 'host' end`,
    event: {
      type: "hidden",
      answerId,
      position: sql`hid.position`,
      hidden,
      counted: {
        kind: sql`hid.kind`,
        text: sql`case when asked.mode = 'word' and hid.kind = 'answer' then hid.text end`,
        choice: sql`hid.choice`,
        hidden,
      },
      answer: hidden ? undefined : shown,
    },
    returning: sql`${eventJson(shown)} as answer`,
  });
  const answer = row ? (typeof row.answer === "string" ? (JSON.parse(row.answer) as LiveAnswer) : row.answer) : null;
  if (!answer) return failure("ANSWER_NOT_IN_ROUND");
  return { ok: true, answer };
}
