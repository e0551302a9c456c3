import type { CountedAnswer, LiveAnswer, RoundEvent } from "~/shared/live";
import type { StoredEvent } from "./events.server";

/**
 * What the room's screen is sent of a round's events. It follows every
 * event, the host's own included, because it shows how many joined and
 * answered before anything is revealed; but of an event meant for the host
 * alone it gets only what it counts: no name of who joined, and no text,
 * word or choice of an answer that is not shown (a hidden one, or any
 * before the reveal). Events meant for everyone go as they are.
 */
export function roomEventOf(stored: StoredEvent): RoundEvent {
  const { event } = stored;
  if (stored.audience === "all") return event;
  switch (event.type) {
    case "joined":
      // Neither who joined nor, where each person has their own question, which one they were given.
      return { ...event, participant: { id: event.participant.id, name: null } };
    case "answer":
      return { type: "answer", answer: unread(event.answer), previous: event.previous && uncounted(event.previous) };
    case "hidden": {
      const { answer: _shownAgain, ...rest } = event;
      return { ...rest, counted: uncounted(event.counted) };
    }
    default:
      return event;
  }
}

/** An answer as a number: that it came, whether it is a pass or hidden, nothing it says nor what it answers. */
function unread(answer: LiveAnswer): LiveAnswer {
  const { question: _answered, ...rest } = answer;
  return { ...rest, text: null, choice: null, name: null };
}

function uncounted(counted: CountedAnswer): CountedAnswer {
  return { ...counted, text: null, choice: null };
}
