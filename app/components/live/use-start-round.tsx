import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import type { StartQuestion } from "./start-round-types";

export type { StartQuestion };

const loadStartRound = () => import("./StartRoundDialog");
const StartRoundDialog = lazy(loadStartRound);

/** Fetches the dialog's code ahead of a likely click (pointer over or focus on the button). */
export const prefetchStartRound = () => void loadStartRound().catch(() => {});

type Session = { questions: StartQuestion[]; included: string[] };

/**
 * The "start a live round" dialog for some questions. Its code is fetched on
 * the first sign of interest, not with the page: most visitors never start one.
 */
export function useStartRound(): {
  startRound: (questions: StartQuestion[], options?: { included?: string[] }) => void;
  startDialog: ReactNode;
} {
  const [session, setSession] = useState<Session | null>(null);
  const startRound = useCallback(
    (questions: StartQuestion[], options?: { included?: string[] }) =>
      setSession({ questions, included: options?.included ?? questions.map((q) => q.id) }),
    [],
  );
  const startDialog = session ? (
    <Suspense fallback={null}>
      <StartRoundDialog questions={session.questions} included={session.included} onClose={() => setSession(null)} />
    </Suspense>
  ) : null;
  return { startRound, startDialog };
}
