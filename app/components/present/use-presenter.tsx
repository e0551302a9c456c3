import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { afterFirstInteraction } from "~/lib/first-interaction";
import type { ServedQuestion } from "~/shared/questions";

const loadPresentMode = () => import("./PresentMode");
const PresentMode = lazy(loadPresentMode);

type Session = { questions: ServedQuestion[]; start: number };

/**
 * Present mode for a list of questions. Its code is not part of the page's
 * first download; it is fetched at the person's first interaction with the
 * page, so presenting still works when the network drops later.
 */
export function usePresenter(): {
  present: (questions: ServedQuestion[], start?: number) => void;
  presenter: ReactNode;
} {
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => afterFirstInteraction(() => void loadPresentMode().catch(() => {})), []);
  const present = useCallback((questions: ServedQuestion[], start = 0) => setSession({ questions, start }), []);
  const presenter = session ? (
    <Suspense fallback={null}>
      <PresentMode questions={session.questions} startIndex={session.start} onClose={() => setSession(null)} />
    </Suspense>
  ) : null;
  return { present, presenter };
}
