import type { LiveAnswer, RoundEvent } from "~/shared/live";
import type { StoredEvent } from "./events.server";

/**
 * In a round where each person has their own question, a participant may
 * read their own question and nobody else's: the host's and the room's
 * screens show each answer beside its question, a phone shows the answers
 * without them.
 */
export function withoutQuestion(answer: LiveAnswer): LiveAnswer {
  if (answer.question === undefined) return answer;
  const { question: _theirs, ...rest } = answer;
  return rest;
}

/**
 * What a participant's phone is sent of an event meant for everyone: the
 * event without the question another person was given. Joins, which carry
 * a participant's question, go to the host (and, counted, the room) only.
 */
export function participantEventOf(stored: StoredEvent): RoundEvent {
  const { event } = stored;
  // The event itself when nothing is taken out, so it is encoded once for the host and the phones.
  if (event.type === "answer" && event.answer.question !== undefined) {
    return { ...event, answer: withoutQuestion(event.answer) };
  }
  if (event.type === "hidden" && event.answer?.question !== undefined) {
    return { ...event, answer: withoutQuestion(event.answer) };
  }
  return event;
}
