import { and, eq, TransactionRollbackError } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveAnswers, liveParticipants, liveRoundQuestions, liveRounds } from "~/db/schema";
import type { LiveAnswer } from "~/shared/live";
import type { HostAction } from "~/shared/live-schemas";
import { countedOf } from "~/shared/live-view";
import { failure, type Outcome } from "../errors";
import { insertEvent, type RoundState, takeNextSeq } from "./events.server";
import { questionAt } from "./participation.server";
import {
  findRound,
  isHost,
  type LiveCredentials,
  noSuchRound,
  resultsAt,
  roundStatus,
  toLiveAnswer,
} from "./rounds.server";

type PhaseChange = { position?: number; revealed?: boolean; locked?: boolean };

/** What each action does to the current question, given the round's state and length. */
function phaseChange(
  action: Exclude<HostAction, "end">,
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
  options: { shareRecap?: boolean } = {},
): Promise<Outcome> {
  const round = await findRound(db, code);
  if (!round) return noSuchRound();
  if (!isHost(round, credentials)) return failure("FORBIDDEN", "Only the host of this round can do this");
  if (roundStatus(round) === "ended") {
    return action === "end" ? { ok: true } : failure("CONFLICT", "This round has ended");
  }
  if (round.position !== position) {
    return failure("CONFLICT", "The round has moved on to another question: your screen will catch up");
  }
  const count = await questionCount(db, round.id);

  if (action === "end") {
    // Ending twice, or a round that closed by itself meanwhile, is ending once.
    const shareRecap = options.shareRecap === true;
    await db.transaction(async (tx) => {
      const state = await takeNextSeq(tx, round.id, undefined, {
        status: "ended",
        locked: true,
        endedAt: new Date(),
        recapShared: shareRecap,
      });
      if (!state) return;
      const event = shareRecap ? { type: "ended" as const, recapToken: round.recapToken } : { type: "ended" as const };
      await insertEvent(tx, round.id, state.seq, "all", event);
    });
    return { ok: true };
  }
  const change: PhaseChange | null = phaseChange(action, round, count);
  if (!change) {
    return failure(
      "CONFLICT",
      action === "next" ? "This is the last question of the round" : "This is the first question",
    );
  }
  const moved = await db.transaction(async (tx) => {
    const state = await takeNextSeq(tx, round.id, eq(liveRounds.position, position), change);
    if (!state) return null;
    await insertEvent(tx, round.id, state.seq, "all", await phaseEvent(tx, round, state));
    return state;
  });
  if (!moved) return failure("CONFLICT", "The round has moved on to another question: your screen will catch up");
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
 * The new phase; once answers are shown, it brings their counts (never the
 * answers: free text comes in pages), so every screen shows the same and a
 * reveal to a room of 2,000 is a few kilobytes per phone. Read with the
 * round's row locked, so no answer slips in between the counts and the event.
 */
async function phaseEvent(tx: Database, round: { id: string }, state: RoundState) {
  const shown = state.revealed || state.revealMode === "live";
  const question = shown ? await questionAt(tx, round.id, state.position) : undefined;
  return {
    type: "phase" as const,
    position: state.position,
    revealed: shown,
    locked: state.locked,
    ...(question ? { results: await resultsAt(tx, round, { ...question, position: state.position }) } : {}),
  };
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
  if (!round) return noSuchRound();
  if (!isHost(round, credentials)) return failure("FORBIDDEN", "Only the host of this round can hide answers");
  const answer = await db
    .transaction(async (tx) => {
      // An ended round's answers can still be hidden: the recap leaves them out.
      const state = await takeNextSeq(tx, round.id, undefined, {}, { evenIfEnded: true });
      if (!state) return null;
      const [row] = await tx
        .update(liveAnswers)
        .set({ hidden })
        .where(and(eq(liveAnswers.id, answerId), eq(liveAnswers.roundId, round.id)))
        .returning();
      if (!row) {
        tx.rollback();
        return null;
      }
      const [who] = await tx
        .select({ name: liveParticipants.name })
        .from(liveParticipants)
        .where(eq(liveParticipants.id, row.participantId));
      const shown = toLiveAnswer(row, who?.name ?? null, state.anonymous);
      const everyone = row.position === state.position && (state.revealed || state.revealMode === "live");
      const mode = (await questionAt(tx, round.id, row.position))?.mode ?? "text";
      await insertEvent(tx, round.id, state.seq, everyone ? "all" : "host", {
        type: "hidden",
        answerId: row.id,
        position: row.position,
        hidden,
        counted: countedOf(shown, mode),
        ...(hidden ? {} : { answer: shown }),
      });
      return shown;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
  if (!answer) return failure("NOT_FOUND", "This answer is not part of this round");
  return { ok: true, answer };
}
