import { useCallback, useEffect, useRef, useState } from "react";
import { fetchAnswerPage } from "~/lib/live-client";
import type { LiveAnswer, RoundView } from "~/shared/live";

/**
 * Free-text answers in pages, asked for by the screen that shows them: the
 * first when the answers are shown, the next when the person asks for more.
 * A reveal to a room then sends counts to every phone, and the answers
 * only to the phones that read them, a page at a time.
 */
export function useAnswerPages(
  view: RoundView,
  shown: boolean,
  addAnswers: (position: number, page: LiveAnswer[]) => void,
) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const question = view.questions[view.position];
  const textShown = shown && question?.mode === "text";
  const held = view.answers.length;
  const busy = useRef(false);
  const { code, position } = view;

  const more = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    setError(null);
    const outcome = await fetchAnswerPage(code, position, held);
    busy.current = false;
    setLoading(false);
    if (outcome.ok) addAnswers(position, outcome.body.answers);
    else setError(outcome.error);
  }, [code, position, held, addAnswers]);

  // The first page arrives with the reveal, without a tap.
  const asked = useRef<string | null>(null);
  const given = view.results?.answered ?? 0;
  useEffect(() => {
    const key = `${code}-${position}`;
    if (!textShown || given === 0 || held > 0 || asked.current === key) return;
    asked.current = key;
    void more();
  }, [textShown, given, held, code, position, more]);
  useEffect(() => {
    if (!textShown) asked.current = null;
  }, [textShown]);

  return { more, loading, error };
}
