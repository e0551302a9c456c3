import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { EngagementLevel, ServedQuestion } from "~/shared/questions";

/** What the plan page's action answers the editor's fetcher with. */
export type PlanEditorAnswer = {
  questions?: ServedQuestion[];
  replaced?: { slot: string; question: ServedQuestion | null };
  error?: string;
};

/** What a matched set is chosen by, as the form's selects hold it ("" is any meeting). */
export type PlanSettings = { categorySlug: string; engagementLevel: EngagementLevel };

/**
 * The plan being edited: its questions in meeting order and the settings a matched set is chosen by.
 * Suggestions and replacements arrive through one fetcher, so reordering and removing survive them
 * without a page load.
 */
export function usePlanEditor(initial: { questions: ServedQuestion[]; settings: PlanSettings }) {
  const fetcher = useFetcher<PlanEditorAnswer>();
  const [items, setItems] = useState<ServedQuestion[]>(initial.questions);
  const [settings, setSettings] = useState<PlanSettings>(initial.settings);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.questions) setItems(answer.questions);
    const replaced = answer.replaced;
    if (replaced?.question) {
      const next = replaced.question;
      setItems((list) => {
        const at = list.findIndex((q) => q.type === replaced.slot);
        return at === -1 ? [...list, next] : list.map((q, i) => (i === at ? next : q));
      });
    }
  }, [fetcher.data]);

  const changeSettings = (change: Partial<PlanSettings>) => setSettings((current) => ({ ...current, ...change }));

  const move = (from: number, to: number) =>
    setItems((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });

  const remove = (questionId: string) => setItems((list) => list.filter((q) => q.id !== questionId));

  /** Asks for another question of the same slot; the whole plan is sent so the answer repeats none of it. */
  const another = (slot: string) => {
    const form = new FormData();
    form.set("intent", "another");
    form.set("slot", slot);
    form.set("categorySlug", settings.categorySlug);
    form.set("engagementLevel", settings.engagementLevel);
    for (const q of items) form.append("questionIds", q.id);
    fetcher.submit(form, { method: "post" });
  };

  return {
    SuggestForm: fetcher.Form,
    items,
    settings,
    changeSettings,
    busy: fetcher.state !== "idle",
    error: fetcher.data?.error,
    move,
    remove,
    another,
  };
}

export type PlanEditor = ReturnType<typeof usePlanEditor>;
