import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { chatIdentities, chatInstallations, chatPosts, liveRounds } from "~/db/schema";
import { roundOutOfReach } from "~/domain/live/out-of-reach";
import { joinRound, questionAt, submitAnswer } from "~/domain/live/participation.server";
import { type ChangedRound, type Round, roundQuestions } from "~/domain/live/rounds.server";
import type { ChatPlatformName } from "~/shared/chat";
import type { AnswerMode, LiveAnswer } from "~/shared/live";
import type { LiveAnswerInput } from "~/shared/live-schemas";
import type { Outcome } from "../errors";

/** A chat user, as a verified payload names them. */
export type ChatPerson = { platform: ChatPlatformName; workspace: string; user: string; displayName: string };

/**
 * A chat user's seat token in one round, derived with the app's secret from
 * who they are and the round, so it is never stored: answering again finds
 * the same seat, and nobody without the secret can take it.
 */
function seatToken(secret: string, person: ChatPerson, roundId: string): string {
  return createHmac("sha256", secret)
    .update(`chat-seat\n${person.platform}\n${person.workspace}\n${person.user}\n${roundId}`)
    .digest("base64url");
}

/**
 * The round with this id when it was posted to a channel of the person's
 * workspace; else null, and the round is out of their reach (a payload from
 * another workspace learns nothing of it).
 */
async function postedRoundFor(db: Database, person: ChatPerson, roundId: string): Promise<Round | null> {
  const [row] = await db
    .select({ round: liveRounds })
    .from(chatPosts)
    .innerJoin(liveRounds, eq(liveRounds.id, chatPosts.roundId))
    .innerJoin(chatInstallations, eq(chatInstallations.id, chatPosts.installationId))
    .where(
      and(
        eq(chatPosts.roundId, roundId),
        eq(chatPosts.platform, person.platform),
        eq(chatInstallations.workspaceId, person.workspace),
        sql`${liveRounds.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row?.round ?? null;
}

/** The question a chat user is asked to answer now: the round's current one, for the modal. */
export async function chatQuestion(
  db: Database,
  person: ChatPerson,
  roundId: string,
): Promise<Outcome<{ position: number; question: { text: string; mode: AnswerMode; options: string[] } }>> {
  const round = await postedRoundFor(db, person, roundId);
  if (!round) return roundOutOfReach();
  const question = (await roundQuestions(db, round.id))[round.position];
  if (!question) return roundOutOfReach();
  return {
    ok: true,
    position: round.position,
    question: { text: question.text, mode: question.mode, options: question.options },
  };
}

/**
 * Takes a chat user's answer into the round as a phone's is taken: the
 * first answer seats them as a participant under their display name (none
 * in an anonymous round), and the same checks and writes as the phone's
 * answer follow. The chat identity kept is their ids and that name, and it
 * goes with the round.
 */
export async function answerFromChat(
  db: Database,
  secret: string,
  person: ChatPerson,
  roundId: string,
  answer: LiveAnswerInput,
): Promise<Outcome<{ answer: LiveAnswer; round: ChangedRound }>> {
  const round = await postedRoundFor(db, person, roundId);
  if (!round) return roundOutOfReach();
  if (!(await questionAt(db, round.id, answer.position))) return roundOutOfReach();
  const token = seatToken(secret, person, round.id);
  const joined = await joinRound(db, round.code, {
    name: person.displayName,
    participantToken: token,
    newSeatToken: token,
    round,
  });
  if (!joined.ok) return joined;
  await db
    .insert(chatIdentities)
    .values({
      roundId: round.id,
      platform: person.platform,
      workspaceId: person.workspace,
      userId: person.user,
      participantId: joined.participantId,
      displayName: round.anonymous ? null : person.displayName,
    })
    .onConflictDoNothing();
  const taken = await submitAnswer(db, round.code, token, answer);
  return taken;
}
