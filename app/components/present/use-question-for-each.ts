import { useCallback, useRef, useState } from "react";
import { requestQuestion } from "~/lib/generate-client";
import { rememberQuestion, seenIds } from "~/lib/local-questions";
import type { CategorySlug } from "~/shared/categories";
import type { GeneratorChoice, ServedQuestion } from "~/shared/questions";

/** A person's own question in present mode: being drawn, drawn, or not drawn (and why). */
export type PersonQuestion =
  | { state: "drawing" }
  | { state: "ready"; question: ServedQuestion }
  | { state: "failed"; error: string };

/** The choice the questions are drawn from; in a team's meeting, the team's memory applies too. */
export type DrawChoice = GeneratorChoice & { teamId?: string };

/** The generator takes at most this many seen ids. */
const SEEN_SENT = 100;
/** How many of the last questions the generator is shown, as the generator page sends them. */
const PREVIOUS_SENT = 5;

/**
 * The ids a draw sends as seen, oldest first: the browser's seen list, then
 * every question shown in this meeting, which the browser's list of 20 may
 * have let go. The meeting's come last, so they are the ones kept.
 */
export function meetingSeenIds(browser: readonly string[], meeting: readonly string[]): string[] {
  const inMeeting = new Set(meeting);
  return [...browser.filter((id) => !inMeeting.has(id)), ...meeting].slice(-SEEN_SENT);
}

/**
 * A question for each person in the speaking order, drawn one after another
 * through the generator (POST /api/v1/generate-question) with the page's
 * choice. Every question shown in the meeting counts as seen, so none is
 * drawn twice; each one drawn joins the browser's seen list, as the
 * generator's own questions do.
 */
export function useQuestionForEach(choice: DrawChoice, shownAlready: readonly string[]) {
  const [questions, setQuestions] = useState<Record<string, PersonQuestion>>({});
  const meeting = useRef<{ ids: string[]; texts: string[] }>({ ids: [...shownAlready], texts: [] });
  // Draws wait for the one before: each counts the questions drawn before it as seen.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const drawOne = useCallback(
    async (name: string) => {
      const { ids, texts } = meeting.current;
      const outcome = await requestQuestion({
        ...choice,
        // A slug the server does not know is refused there, naming the field.
        categorySlug: choice.categorySlug as CategorySlug | null,
        seenIds: meetingSeenIds(seenIds(), ids),
        previousQuestions: texts.slice(-PREVIOUS_SENT),
      });
      if (!outcome.ok) {
        setQuestions((current) => ({ ...current, [name]: { state: "failed", error: outcome.problem.error } }));
        return;
      }
      const {
        remainingQuestions: _left,
        notice: _notice,
        aiError: _ai,
        widened: _w,
        relaxed: _r,
        ...served
      } = outcome.body;
      ids.push(served.id);
      texts.push(served.question);
      rememberQuestion(served);
      setQuestions((current) => ({ ...current, [name]: { state: "ready", question: served } }));
    },
    [choice],
  );

  /** Draws a question for each of these people (a new one for anyone who had one). */
  const draw = useCallback(
    (names: readonly string[]) => {
      if (names.length === 0) return;
      setQuestions((current) => {
        const next = { ...current };
        for (const name of names) next[name] = { state: "drawing" };
        return next;
      });
      queue.current = queue.current.then(async () => {
        for (const name of names) await drawOne(name);
      });
    },
    [drawOne],
  );

  /** A new round: everyone's question is drawn again (the old ones stay seen). */
  const clear = useCallback(() => setQuestions({}), []);

  return { questions, draw, clear };
}
