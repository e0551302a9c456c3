import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { chatInstallations, chatPosts, liveRounds, teamMeetings } from "~/db/schema";
import type { JobSender } from "~/domain/jobs/queue.server";
import { type ChangedRound, resultsAt, roundQuestions, roundStatus, wallAnswersAt } from "~/domain/live/rounds.server";
import type { ChatPlatformName } from "~/shared/chat";
import type { AnswerMode } from "~/shared/live";
import { tallyOf } from "~/shared/live-view";
import { isPulseQuestion, PULSE_WITHHELD } from "~/shared/series";
import { type ChatInstallation, teamInstallation } from "./installations.server";
import type { TokenSeal } from "./sealing.server";

/**
 * A team round in its chat channel: one message with the current question,
 * an Answer button and how many answered (never an answer: those are the
 * host's until the reveal), updated as the round moves; on each reveal a
 * summary of that question in the message's thread. Every post is a row of
 * chat_posts keyed by what it is, written before the platform is called and
 * given the platform's id after, so a retried job updates or skips instead
 * of posting again.
 */
export type RoundMessage = {
  roundId: string;
  position: number;
  question: { text: string; mode: AnswerMode; options: string[] };
  answered: number;
  open: boolean;
};

/** What a revealed question's thread reply says, in plain lines any platform can format. */
export type RoundSummary = { question: string; lines: string[] };

/**
 * A message that is not a round: a reminder before a meeting or the question
 * of the day. Plain text, with at most one link button.
 */
export type ChatNotice = { text: string; link?: { label: string; url: string } };

/** One chat platform's way of posting; an implementation throws ChatRateLimited when told to wait. */
export type ChatPoster = {
  postRound(installation: ChatInstallation, channelId: string, message: RoundMessage): Promise<string>;
  updateRound(
    installation: ChatInstallation,
    channelId: string,
    messageId: string,
    message: RoundMessage,
  ): Promise<void>;
  postSummary(
    installation: ChatInstallation,
    channelId: string,
    threadId: string,
    summary: RoundSummary,
  ): Promise<string>;
  /** Posts a notice to the channel; answers the platform's id of the message. */
  postNotice(installation: ChatInstallation, channelId: string, notice: ChatNotice): Promise<string>;
  /**
   * Sends a notice to one person by direct message; answers the platform's
   * id of the message. A platform without direct messages leaves it out,
   * and its people get reminders in the channel only.
   */
  postDirect?(installation: ChatInstallation, userId: string, notice: ChatNotice): Promise<string>;
};

/** The platform asked to be called again after `retryAfterSeconds`; nothing was posted. */
export class ChatRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limited for ${retryAfterSeconds} s`);
  }
}

/** The longest Retry-After a chat job waits out itself; a longer one queues the job again for then. */
export const CHAT_WAIT_IN_JOB_SECONDS = 30;

/**
 * Runs a chat job's step until the platform stops asking to wait: a 429 is
 * waited out (its Retry-After) and the same step tried again, since nothing
 * had been posted and the rows written before each post keep a second try
 * from posting twice; a wait longer than CHAT_WAIT_IN_JOB_SECONDS is left to
 * `later`, which queues the job again for then.
 */
export async function withinRateLimits(
  step: () => Promise<void>,
  { later, waiting }: { later: (seconds: number) => Promise<void>; waiting?: (seconds: number) => void },
): Promise<void> {
  for (;;) {
    try {
      await step();
      return;
    } catch (error) {
      if (!(error instanceof ChatRateLimited)) throw error;
      waiting?.(error.retryAfterSeconds);
      if (error.retryAfterSeconds > CHAT_WAIT_IN_JOB_SECONDS) return later(error.retryAfterSeconds);
      await new Promise((resolve) => setTimeout(resolve, error.retryAfterSeconds * 1000));
    }
  }
}

/** After an answer, the message's count waits this long, so a room answering at once costs one update. */
export const ROUND_UPDATE_DEBOUNCE_SECONDS = 2;

/**
 * Queues the round's first post in the caller's transaction when the team
 * has a channel connected: the round and its post commit together.
 */
export async function queueRoundPost(tx: Database, jobs: JobSender, teamId: string, roundId: string): Promise<void> {
  const [connected] = await tx
    .select({ id: chatInstallations.id })
    .from(chatInstallations)
    .where(and(eq(chatInstallations.teamId, teamId), isNotNull(chatInstallations.channelId)))
    .limit(1);
  if (connected) await jobs.send(tx, "chat.post-round", [{ roundId }], { singletonKey: roundId });
}

/**
 * Something changed in a round (an answer, a reveal, the host moving on):
 * when the round is posted in a chat, its update is queued a little later.
 * The queue keeps one waiting job per round, so the changes of those
 * seconds are one update. Whether it is posted comes with the change (the
 * round's row as the change wrote it), so a round never posted costs
 * nothing more.
 */
export async function noteRoundChange(db: Database, jobs: JobSender, round: ChangedRound): Promise<void> {
  if (!round.chatPosted) return;
  await jobs.send(db, "chat.post-round", [{ roundId: round.id }], {
    singletonKey: round.id,
    startAfterSeconds: ROUND_UPDATE_DEBOUNCE_SECONDS,
  });
}

type PostRow = typeof chatPosts.$inferSelect;

/** The post with this key, made (without a platform id yet) when there is none. */
async function claimPost(
  db: Database,
  roundId: string,
  installation: ChatInstallation,
  channelId: string,
  key: string,
): Promise<PostRow> {
  await db
    .insert(chatPosts)
    .values({ roundId, installationId: installation.id, platform: installation.platform, channelId, key })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(chatPosts)
    .where(and(eq(chatPosts.roundId, roundId), eq(chatPosts.platform, installation.platform), eq(chatPosts.key, key)));
  if (!row) throw new Error("chat post vanished");
  return row;
}

async function settle(db: Database, id: string, fields: { messageId?: string; shown: string }): Promise<void> {
  await db.update(chatPosts).set(fields).where(eq(chatPosts.id, id));
}

/**
 * Brings the round's posts up to date on every platform the team connected:
 * the message posted (once) or updated when what it says changed, and a
 * summary in its thread for a revealed question that has none. Ends quietly
 * when the round, the team's channel or the token is gone.
 */
export async function syncRoundPosts(
  db: Database,
  seal: TokenSeal,
  posters: Partial<Record<ChatPlatformName, ChatPoster>>,
  roundId: string,
): Promise<void> {
  // Marked before the round is read: a change committed after this queues an update, one before it is in what is posted.
  await db
    .update(liveRounds)
    .set({ chatPosted: true })
    .where(and(eq(liveRounds.id, roundId), eq(liveRounds.chatPosted, false)));
  const [found] = await db
    .select({ round: liveRounds, teamId: teamMeetings.teamId })
    .from(liveRounds)
    .innerJoin(teamMeetings, eq(teamMeetings.liveRoundId, liveRounds.id))
    .where(eq(liveRounds.id, roundId));
  if (!found) return;
  const { round, teamId } = found;
  const questions = await roundQuestions(db, round.id);
  const current = questions[round.position];
  if (!current) return;
  const pulse = isPulseQuestion(current);
  const results = await resultsAt(db, round, { ...current, pulse });
  const message: RoundMessage = {
    roundId: round.id,
    position: round.position,
    question: { text: current.text, mode: current.mode, options: current.options },
    answered: results.answered + results.passed + results.hidden,
    open: roundStatus(round) === "open",
  };
  for (const [platform, poster] of Object.entries(posters) as [ChatPlatformName, ChatPoster][]) {
    const installation = await teamInstallation(db, seal, teamId, platform);
    const channelId = installation?.channelId;
    if (!installation || !channelId) continue;
    const main = await claimPost(db, round.id, installation, channelId, "round");
    const shown = JSON.stringify(message);
    let threadId = main.messageId;
    if (!threadId) {
      threadId = await poster.postRound(installation, main.channelId, message);
      await settle(db, main.id, { messageId: threadId, shown });
    } else if (main.shown !== shown) {
      await poster.updateRound(installation, main.channelId, threadId, message);
      await settle(db, main.id, { shown });
    }
    if (!round.revealed) continue;
    const summaryPost = await claimPost(db, round.id, installation, main.channelId, `summary:${round.position}`);
    if (summaryPost.messageId) continue;
    const summary = await roundSummary(db, round, { ...current, pulse }, results);
    const id = await poster.postSummary(installation, main.channelId, threadId, summary);
    await settle(db, summaryPost.id, { messageId: id, shown: JSON.stringify(summary) });
  }
}

/**
 * A revealed question as the room's screen counts it: the word cloud as
 * words and counts, the scale's or the pick's bars, or the visible answers
 * with the names the round shows (none when it is anonymous); the pulse
 * only from three answers and never by name.
 */
async function roundSummary(
  db: Database,
  round: { id: string },
  question: { position: number; text: string; mode: AnswerMode; options: string[]; pulse: boolean },
  results: Awaited<ReturnType<typeof resultsAt>>,
): Promise<RoundSummary> {
  const lines: string[] = [];
  if (question.mode === "word") {
    for (const { word, count } of results.words) lines.push(`${word} ×${count}`);
  } else if (question.mode === "scale" || question.mode === "pick") {
    if (question.pulse && results.tally.length === 0) lines.push(PULSE_WITHHELD);
    else {
      for (const row of tallyOf(question, results.tally)) {
        lines.push(`${"█".repeat(Math.round(row.share * 10)) || "·"} ${row.label}: ${row.count}`);
      }
    }
  } else {
    const answers = await wallAnswersAt(db, round, question.position);
    for (const answer of answers) lines.push(answer.name ? `“${answer.text}” (${answer.name})` : `“${answer.text}”`);
    const more = results.answered - answers.length;
    if (more > 0) lines.push(`and ${more} more on the host's screen`);
  }
  if (lines.length === 0) lines.push("Nobody answered this one.");
  return { question: question.text, lines };
}
