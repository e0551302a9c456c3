import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { MonitorSmartphone, X } from "~/components/icons";
import { createRound } from "~/lib/live-client";
import { ANSWER_MODE_LABELS, ANSWER_MODES, type AnswerMode, LIVE_QUESTIONS_MAX, livePaths } from "~/shared/live";
import { defaultAnswerMode } from "~/shared/live-modes";
import { type GeneratorChoice, stripSurroundingQuotes } from "~/shared/questions";
import { choiceInWords } from "~/shared/widening";
import type { StartOptions, StartQuestion } from "./start-round-types";

type Props = StartOptions & { questions: StartQuestion[]; onClose: () => void };

/** The first question's own labels as a choice, when the card sent them. */
function labelsOf(question: StartQuestion | undefined): GeneratorChoice | undefined {
  if (!question?.meetingContext || !question.questionStyle || !question.engagementLevel) return undefined;
  return {
    meetingContext: question.meetingContext,
    questionStyle: question.questionStyle,
    engagementLevel: question.engagementLevel,
    categorySlug: question.categorySlug ?? null,
  };
}

const field =
  "block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** What the question suggests, when the card knows its format; the server decides otherwise. */
function suggestedLabel(question: StartQuestion): string {
  if (!question.format) return "As the question suggests";
  return `As suggested: ${ANSWER_MODE_LABELS[defaultAnswerMode(question.format, question.answers ?? null).mode]}`;
}

/**
 * Starts a live round: which questions, named or anonymous, answers shown on
 * reveal or as they arrive, and how each question is answered. A mode left
 * as suggested is sent as null, so the question's own format decides.
 */
export default function StartRoundDialog({ questions, included, choice, perPerson = false, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const navigate = useNavigate();
  const offered = questions.slice(0, LIVE_QUESTIONS_MAX);
  // Each person's own question comes from the page's choice, or the choice of the question the round starts from.
  const eachChoice = choice ?? labelsOf(offered[0]);
  const [forEach, setForEach] = useState(perPerson && eachChoice !== undefined);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(included));
  const [modes, setModes] = useState<Record<string, AnswerMode | "">>({});
  const [anonymous, setAnonymous] = useState(false);
  const [liveReveal, setLiveReveal] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const selected = offered.filter((q) => chosen.has(q.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!forEach && selected.length === 0) {
      setError("Choose at least one question for the round.");
      return;
    }
    setPending(true);
    setError(null);
    const how = { anonymous, revealMode: liveReveal ? ("live" as const) : ("host" as const) };
    const outcome = await createRound(
      forEach && eachChoice
        ? { perPerson: eachChoice, ...how }
        : { questionIds: selected.map((q) => q.id), modes: selected.map((q) => modes[q.id] || null), ...how },
    );
    if (!outcome.ok) {
      setPending(false);
      setError(outcome.error);
      return;
    }
    navigate(livePaths.host(outcome.body.code));
  };

  const toggle = (questionId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(questionId);
      else next.delete(questionId);
      return next;
    });

  // Arrow keys move between radio buttons here; a presenting screen behind must not change its question too.
  const keepKeysInside = (event: KeyboardEvent) => event.stopPropagation();

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onKeyDown={keepKeysInside}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-xl overflow-y-auto rounded-3xl border border-line bg-cream p-0 text-ink shadow-2xl backdrop:bg-brand-900/60"
    >
      <form onSubmit={submit} className="space-y-6 p-5 sm:p-7" noValidate>
        <div className="flex items-start gap-3">
          <MonitorSmartphone className="mt-1 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="flex-1">
            <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold tracking-tight">
              Start a live round
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              Everyone answers on their own phone with a six-letter code. You decide when the answers appear.
            </p>
          </div>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-sand"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>

        {eachChoice && offered.length > 0 && (
          <fieldset>
            <legend className="text-sm font-semibold">What people answer</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              <Choice name={`${id}-asked`} checked={!forEach} onChange={() => setForEach(false)}>
                <strong>The same question</strong> — everyone answers{" "}
                {offered.length === 1 ? "the question below" : "the questions below"}
              </Choice>
              <Choice name={`${id}-asked`} checked={forEach} onChange={() => setForEach(true)}>
                <strong>A question for each person</strong> — everyone gets their own when they join
              </Choice>
            </div>
          </fieldset>
        )}

        {forEach && eachChoice ? (
          <section aria-labelledby={`${id}-each`} className="rounded-2xl border border-line bg-white p-3">
            <h3 id={`${id}-each`} className="text-sm font-semibold">
              A question for each person
            </h3>
            <p className="mt-1 text-sm text-ink-muted">
              Each person who joins is given a question of their own, none of them the same, from{" "}
              <span className="font-semibold text-ink">{choiceInWords(eachChoice)}</span>. They answer it in words; you
              and the room screen see each answer beside its name and question.
            </p>
          </section>
        ) : (
          <fieldset>
            <legend className="text-sm font-semibold">
              {offered.length === 1 ? "The question" : `Questions, in order (${selected.length} chosen)`}
            </legend>
            <ol className="mt-2 space-y-3">
              {offered.map((question, index) => {
                const on = chosen.has(question.id);
                const text = stripSurroundingQuotes(question.question);
                return (
                  <li key={question.id} className="rounded-2xl border border-line bg-white p-3">
                    {offered.length > 1 ? (
                      <label className="flex gap-3">
                        <input
                          type="checkbox"
                          checked={on}
                          onChange={(event) => toggle(question.id, event.target.checked)}
                          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                        />
                        <span className="font-serif">
                          <span className="sr-only">Question {index + 1}: </span>
                          {text}
                        </span>
                      </label>
                    ) : (
                      <p className="font-serif">{text}</p>
                    )}
                    {on && (
                      <label className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                        <span>Answered as</span>
                        <select
                          value={modes[question.id] ?? ""}
                          onChange={(event) =>
                            setModes((current) => ({
                              ...current,
                              [question.id]: event.target.value as AnswerMode | "",
                            }))
                          }
                          className={`${field} w-auto`}
                        >
                          <option value="">{suggestedLabel(question)}</option>
                          {ANSWER_MODES.map((mode) => (
                            <option key={mode} value={mode}>
                              {ANSWER_MODE_LABELS[mode]}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}
                  </li>
                );
              })}
            </ol>
          </fieldset>
        )}

        <fieldset>
          <legend className="text-sm font-semibold">Names</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <Choice name={`${id}-names`} checked={!anonymous} onChange={() => setAnonymous(false)}>
              <strong>Named</strong> — you see who answered, and get a speaking order
            </Choice>
            <Choice name={`${id}-names`} checked={anonymous} onChange={() => setAnonymous(true)}>
              <strong>Anonymous</strong> — no names, not even for you
            </Choice>
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold">Answers appear</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <Choice name={`${id}-reveal`} checked={!liveReveal} onChange={() => setLiveReveal(false)}>
              <strong>When you reveal them</strong> — so the first answer does not set the tone
            </Choice>
            <Choice name={`${id}-reveal`} checked={liveReveal} onChange={() => setLiveReveal(true)}>
              <strong>As they arrive</strong>
            </Choice>
          </div>
        </fieldset>

        <div className="space-y-3">
          <p role="alert" className="min-h-5 text-sm font-medium text-accent-600">
            {error}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={pending}
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
            >
              {pending ? "Starting…" : "Start the round"}
            </button>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="inline-flex min-h-11 items-center justify-center rounded-full border border-line bg-white px-5 text-sm font-semibold hover:bg-sand"
            >
              Cancel
            </button>
          </div>
        </div>
      </form>
    </dialog>
  );
}

function Choice({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={`flex cursor-pointer gap-2.5 rounded-2xl border p-3 text-sm ${checked ? "border-brand-600 bg-brand-50" : "border-line bg-white"}`}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
      />
      <span>{children}</span>
    </label>
  );
}
