import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { readPlanDraft, samePlan, writePlanDraft } from "~/lib/plan-draft";
import type { EngagementLevel, ServedQuestion } from "~/shared/questions";

/** What the plan page's action answers the editor's fetcher with. */
export type PlanEditorAnswer = {
  questions?: ServedQuestion[];
  /** The question that takes the place of `questionId`; null when there is no other one for its moment. */
  replaced?: { questionId: string; question: ServedQuestion | null };
  error?: string;
};

/** What a matched set is chosen by, as the form's selects hold it ("" is any meeting). */
export type PlanSettings = { categorySlug: string; engagementLevel: EngagementLevel };

/** The plan as it was before a change that took questions out, and the words that say what happened. */
export type PlanUndo = { message: string; items: ServedQuestion[] };

const idsOf = (items: readonly ServedQuestion[]) => items.map((q) => q.id);

/**
 * The plan being edited: its questions in meeting order and the settings a matched set is chosen by.
 * The plan on the page is the plan draft: every change is written to the draft's cookie at once, so
 * it survives navigation and reload and the header's count follows. Suggestions and replacements
 * arrive through one fetcher; a change that takes questions out can be undone.
 */
export function usePlanEditor(initial: { questions: ServedQuestion[]; settings: PlanSettings }) {
  const fetcher = useFetcher<PlanEditorAnswer>();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<ServedQuestion[]>(initial.questions);
  const [settings, setSettings] = useState<PlanSettings>(initial.settings);
  const [undo, setUndo] = useState<PlanUndo | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const current = useRef(items);
  current.current = items;
  const reload = useRef(revalidator.revalidate);
  reload.current = revalidator.revalidate;

  // The server's plan, when the page arrives and whenever its data is loaded again.
  useEffect(() => setItems(initial.questions), [initial.questions]);

  // The rule: what this page shows is the draft (a first matched set included, so the header counts it).
  useEffect(() => {
    const ids = idsOf(items);
    if (!samePlan(ids, readPlanDraft())) writePlanDraft(ids);
  }, [items]);

  // Questions added in another tab: load the plan again when this one comes back to the front.
  useEffect(() => {
    const follow = () => {
      const draft = readPlanDraft();
      if (samePlan(draft, idsOf(current.current))) return;
      if (draft.length === 0) setItems([]);
      else void reload.current();
    };
    window.addEventListener("focus", follow);
    return () => window.removeEventListener("focus", follow);
  }, []);

  /** Replaces the plan, keeping the old one for Undo when the change takes questions out. */
  const replacePlan = useCallback((next: ServedQuestion[], message: string) => {
    const before = current.current;
    const nextIds = new Set(idsOf(next));
    setUndo(before.some((q) => !nextIds.has(q.id)) ? { message, items: before } : null);
    setNotice(null);
    setItems(next);
  }, []);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.questions) replacePlan(answer.questions, "The plan was replaced by a matched set.");
    const replaced = answer.replaced;
    if (replaced) {
      const next = replaced.question;
      if (next) setItems((list) => list.map((q) => (q.id === replaced.questionId ? next : q)));
      setNotice(next ? null : "No other question for this moment: try another meeting or depth.");
    }
  }, [fetcher.data, replacePlan]);

  const changeSettings = (change: Partial<PlanSettings>) => setSettings((old) => ({ ...old, ...change }));

  const move = (from: number, to: number) => {
    setUndo(null);
    setItems((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });
  };

  const remove = (questionId: string) =>
    replacePlan(
      current.current.filter((q) => q.id !== questionId),
      "The question was taken out of the plan.",
    );

  const clear = () => replacePlan([], "The plan was cleared.");

  const undoLast = () => {
    if (!undo) return;
    setItems(undo.items);
    setUndo(null);
  };

  /**
   * Asks for another question like this one: the same moment, depth and meeting (a question added from
   * a card keeps its own, whatever the matched-set form says). The whole plan is sent so the answer
   * repeats none of it.
   */
  const another = (question: ServedQuestion) => {
    setUndo(null);
    const form = new FormData();
    form.set("intent", "another");
    form.set("slot", question.type);
    form.set("replace", question.id);
    form.set("categorySlug", question.categorySlug ?? "");
    form.set("engagementLevel", question.engagementLevel);
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
    notice,
    undo,
    undoLast,
    move,
    remove,
    clear,
    another,
  };
}

export type PlanEditor = ReturnType<typeof usePlanEditor>;
