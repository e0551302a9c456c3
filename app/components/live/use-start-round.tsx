import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import type { StartOptions, StartQuestion } from "./start-round-types";

export type { StartQuestion };

const loadStartRound = () => import("./StartRoundDialog");
const StartRoundDialog = lazy(loadStartRound);

/** Fetches the dialog's code ahead of a likely click (pointer over or focus on the button). */
export const prefetchStartRound = () => void loadStartRound().catch(() => {});

type Session = { questions: StartQuestion[]; options: StartOptions };

/**
 * The "start a live round" dialog for some questions. Its code is fetched on
 * the first sign of interest, not with the page: most visitors never start one.
 */
export function useStartRound(): {
  startRound: (questions: StartQuestion[], options?: Partial<StartOptions>) => void;
  startDialog: ReactNode;
} {
  const [session, setSession] = useState<Session | null>(null);
  const startRound = useCallback(
    (questions: StartQuestion[], options?: Partial<StartOptions>) =>
      setSession({ questions, options: { included: questions.map((q) => q.id), ...options } }),
    [],
  );
  const startDialog = session ? (
    <Suspense fallback={null}>
      <StartRoundDialog questions={session.questions} {...session.options} onClose={() => setSession(null)} />
    </Suspense>
  ) : null;
  return { startRound, startDialog };
}
