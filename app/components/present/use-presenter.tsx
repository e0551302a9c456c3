import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { afterFirstInteraction } from "~/lib/first-interaction";
import type { ServedQuestion } from "~/shared/questions";
import type { DrawChoice } from "./use-question-for-each";

const loadPresentMode = () => import("./PresentMode");
const PresentMode = lazy(loadPresentMode);

type Session = { questions: ServedQuestion[]; start: number; choice?: DrawChoice };

/**
 * Present mode for a list of questions. Its code is not part of the page's
 * first download; it is fetched at the person's first interaction with the
 * page, so presenting still works when the network drops later.
 */
export function usePresenter(): {
  /** `choice`: the page's, which a question for each person is drawn from. */
  present: (questions: ServedQuestion[], start?: number, choice?: DrawChoice) => void;
  presenter: ReactNode;
} {
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => afterFirstInteraction(() => void loadPresentMode().catch(() => {})), []);
  const present = useCallback(
    (questions: ServedQuestion[], start = 0, choice?: DrawChoice) => setSession({ questions, start, choice }),
    [],
  );
  const presenter = session ? (
    <Suspense fallback={null}>
      <PresentMode
        questions={session.questions}
        startIndex={session.start}
        choice={session.choice}
        onClose={() => setSession(null)}
      />
    </Suspense>
  ) : null;
  return { present, presenter };
}
