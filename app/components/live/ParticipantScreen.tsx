import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { PassNote } from "~/components/questions/PassNote";
import { type AnswerInput, fetchRound, sendAnswer } from "~/lib/live-client";
import { useAnswerPages } from "~/lib/use-answer-pages";
import { useLiveRound } from "~/lib/use-live-round";
import { type LiveAnswer, livePaths, type RoundQuestion, type RoundView, spacedCode } from "~/shared/live";
import { answerText } from "./AnswerCards";
import { AnswerControl } from "./AnswerControl";
import { JoinForm } from "./JoinForm";
import { ReconnectingNote } from "./ReconnectingNote";
import { RoundResults } from "./RoundResults";

type Props = { initial: RoundView; prefillName?: string };

const quietButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-line bg-white px-5 text-sm font-semibold text-ink hover:bg-sand";

/**
 * A participant's phone: join, answer the question on the host's screen,
 * wait, see what everyone said. The question and its phase follow the host
 * by themselves; changes are read out by screen readers.
 */
export function ParticipantScreen({ initial, prefillName }: Props) {
  const [joined, setJoined] = useState(initial.me !== null);
  const { view, connection, reconnecting, replace, setMyAnswer, addAnswers } = useLiveRound(initial, joined);
  const question = view.questions[view.position];
  const announcement = useAnnouncement(view, joined);
  const ended = view.status === "ended" || connection === "over";
  useBackToTop(`${view.position}-${ended}-${connection === "gone"}`);

  // Back to an earlier question: events say where the round is, not what this person answered there.
  const lastPosition = useRef(view.position);
  useEffect(() => {
    const movedBack = view.position < lastPosition.current;
    lastPosition.current = view.position;
    if (!movedBack || !joined) return;
    void fetchRound(view.code, "participant").then((outcome) => {
      if (outcome.ok) replace(outcome.body.view);
    });
  }, [view.position, view.code, joined, replace]);

  return (
    <div className="mx-auto flex min-h-[70vh] max-w-xl flex-col px-4 py-6 sm:py-10">
      <header className="flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
        <span>
          Live round <span className="font-mono font-semibold tracking-widest text-ink">{spacedCode(view.code)}</span>
        </span>
        {joined && !ended && connection !== "gone" && question && (
          <span>
            {view.me?.question ? "Your own question" : `Question ${view.position + 1} of ${view.questions.length}`}
          </span>
        )}
        <ReconnectingNote show={reconnecting && !ended} />
      </header>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {connection === "elsewhere" ? (
        <Closing title="This round is open on another screen">
          You follow this round on another tab or device now. Reload this page to follow it here instead.
        </Closing>
      ) : connection === "gone" ? (
        <Closing title="This round was deleted">The host deleted the round and everything answered in it.</Closing>
      ) : ended ? (
        <Closing title="This round has ended" recapToken={view.recapToken}>
          Thank you for taking part.
        </Closing>
      ) : !joined ? (
        <section aria-labelledby="join-title" className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-8">
          <h1 id="join-title" className="font-serif text-3xl font-semibold tracking-tight text-ink">
            Join the round
          </h1>
          <p className="mt-2 text-ink-muted">
            {view.participantCount === 0
              ? "You are the first one here."
              : `${view.participantCount} ${view.participantCount === 1 ? "person has" : "people have"} joined.`}
            {view.perPerson ? " Everyone gets a question of their own when they join." : ""}
          </p>
          <div className="mt-6">
            <JoinForm
              view={view}
              prefillName={prefillName}
              onJoined={(next) => {
                replace(next);
                setJoined(true);
              }}
            />
          </div>
        </section>
      ) : question ? (
        <QuestionPanel
          key={view.position}
          view={view}
          question={question}
          onAnswered={setMyAnswer}
          addAnswers={addAnswers}
        />
      ) : null}
    </div>
  );
}

function QuestionPanel({
  view,
  question,
  onAnswered,
  addAnswers,
}: {
  view: RoundView;
  question: RoundQuestion;
  onAnswered: (answer: LiveAnswer) => void;
  addAnswers: (position: number, page: LiveAnswer[]) => void;
}) {
  const mine = view.me?.answer ?? null;
  const [changing, setChanging] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = view.revealed || view.revealMode === "live";
  const pages = useAnswerPages(view, shown, addAnswers);
  // Still composing: a lock disables the control but keeps it, with what was typed, until the unlock.
  const answering = mine === null || changing;

  const answer = async (input: AnswerInput) => {
    setPending(true);
    setError(null);
    const outcome = await sendAnswer(view.code, question.position, input, view.me?.question?.id);
    setPending(false);
    if (!outcome.ok) {
      setError(outcome.error);
      return;
    }
    setChanging(false);
    onAnswered(outcome.body.answer);
  };

  const results = view.results;
  return (
    <>
      <section aria-labelledby="question-text" className="mt-6">
        {/* Where each person has their own question, this phone shows its owner's, and only theirs. */}
        <h1 id="question-text" className="font-serif text-3xl leading-tight text-ink sm:text-4xl">
          {view.me?.question?.text ?? question.text}
        </h1>
        <PassNote className="mt-3 text-ink-muted" />
      </section>

      <div className="mt-6 rounded-3xl border border-line bg-white p-5 sm:p-6">
        {answering ? (
          <AnswerControl
            question={question}
            previous={changing ? mine : null}
            locked={view.locked}
            pending={pending}
            error={error}
            onAnswer={answer}
          />
        ) : (
          <div className="space-y-3">
            {mine ? (
              <>
                <p className="text-sm font-semibold text-ink-muted">
                  {mine.kind === "pass" ? "You passed on this one." : "Your answer"}
                </p>
                {mine.kind === "answer" && (
                  <p className="whitespace-pre-wrap break-words text-lg text-ink">{answerText(mine, question)}</p>
                )}
                {mine.hidden && (
                  <p className="text-sm text-ink-muted">The host has hidden this answer from the screens.</p>
                )}
              </>
            ) : null}
            <p className="rounded-2xl bg-sand px-4 py-3 font-medium text-ink">
              {view.locked
                ? "Answers are locked."
                : shown
                  ? "Thanks. Everyone's answers are below."
                  : "Waiting for the host to reveal the answers."}
            </p>
            {/* A pass stays a pass: answering later is offered as what it is, not as changing an answer. */}
            {!view.locked && mine && (
              <button type="button" className={quietButton} onClick={() => setChanging(true)}>
                {mine.kind === "pass" ? "Answer after all" : "Change answer"}
              </button>
            )}
          </div>
        )}
      </div>

      {shown && results && (
        <section aria-labelledby="answers-title" className="mt-8">
          <h2 id="answers-title" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
            Everyone's answers
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {results.answered} answered · {results.passed} passed
          </p>
          <div className="mt-4">
            <RoundResults
              question={question}
              results={results}
              answers={view.answers}
              onMore={pages.more}
              loadingMore={pages.loading}
            />
            {pages.error && (
              <p role="alert" className="mt-2 text-sm font-medium text-accent-600">
                {pages.error}
              </p>
            )}
          </div>
        </section>
      )}
    </>
  );
}

/** The round's end (or deletion); with the recap's link when the host shared it. */
function Closing({
  title,
  recapToken = null,
  children,
}: {
  title: string;
  recapToken?: string | null;
  children: React.ReactNode;
}) {
  return (
    <section className="mt-10 rounded-3xl border border-line bg-white p-6 text-center sm:p-10">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink">{title}</h1>
      <p className="mt-3 text-ink-muted">{children}</p>
      {recapToken && (
        <div className="mt-6 space-y-2">
          <p className="text-ink">The host shared the recap: every question and what was said.</p>
          <Link
            to={livePaths.recap(recapToken)}
            className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand-700 px-6 text-base font-semibold text-white hover:bg-brand-800"
          >
            Read the recap
          </Link>
        </div>
      )}
      <p className="mt-8">
        <Link to="/" className="font-semibold text-brand-800 underline">
          Find questions for your own meetings
        </Link>
      </p>
    </section>
  );
}

/**
 * A new question (or the end) starts at the top of the page: someone still
 * reading the last answers further down would otherwise miss it.
 */
function useBackToTop(moment: string) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the moment changing is the trigger.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  }, [moment]);
}

/**
 * What a screen reader hears as the round moves: a new question with its
 * text, the answers shown, answers locked, the end. Nothing on first render:
 * the page itself is read then.
 */
function useAnnouncement(view: RoundView, joined: boolean): string {
  const [text, setText] = useState("");
  const last = useRef({ position: view.position, revealed: view.revealed, locked: view.locked, status: view.status });
  useEffect(() => {
    const before = last.current;
    last.current = { position: view.position, revealed: view.revealed, locked: view.locked, status: view.status };
    if (!joined) return;
    if (view.status === "ended" && before.status !== "ended") setText("This round has ended. Thank you.");
    else if (view.position !== before.position) {
      const question = view.questions[view.position];
      setText(`Question ${view.position + 1} of ${view.questions.length}: ${question?.text ?? ""}`);
    } else if (view.revealed && !before.revealed) setText("The answers are shown.");
    else if (view.locked && !before.locked) setText("Answers are locked.");
    else if (!view.locked && before.locked) setText("You can answer again.");
  }, [view.position, view.revealed, view.locked, view.status, view.questions, joined]);
  return text;
}
