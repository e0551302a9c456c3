import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { control, primaryButton } from "~/components/buttons";
import { Check, ChevronLeft, ChevronRight, Copy, EyeOff, Presentation } from "~/components/icons";
import { deleteRound, type HostAction, hostAction, moderateAnswer } from "~/lib/live-client";
import { useCopy } from "~/lib/use-copy";
import type { CountdownState } from "~/lib/use-countdown";
import { useLiveRound } from "~/lib/use-live-round";
import {
  ANSWER_MODE_LABELS,
  type LiveAnswer,
  livePaths,
  type RoundParticipant,
  type RoundView,
  spacedCode,
} from "~/shared/live";
import { answeredSoFar, answeredSoFarWords, emptyResults } from "~/shared/live-view";
import { choiceInWords } from "~/shared/widening";
import { EndControls, type EndQuestion } from "./EndControls";
import { LoopbackWarning } from "./LoopbackWarning";
import { ModerationPanel } from "./ModerationPanel";
import { ReconnectingNote } from "./ReconnectingNote";
import { RoundOver } from "./RoundOver";
import { RoundResults } from "./RoundResults";
import { answerSecondsFor, SpeakingOrderPanel, TimerPanel, useTurns } from "./TurnPanels";

type Props = {
  initial: RoundView;
  joinUrl: string;
  joinAddress: string;
  /** The room link: opens the room's screen on another device, read-only. */
  roomUrl: string;
  /** The site's address, for the recap's share link. */
  siteUrl: string;
  /** The join address points at the host's own computer: no phone can open it. */
  joinIsLoopback: boolean;
};

const isTyping = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement;

/** Joined names as a speaking order can hold them: two people called Sam become "Sam" and "Sam (2)". */
export function distinctNames(names: (string | null)[]): string[] {
  const seen = new Map<string, number>();
  return names
    .filter((name): name is string => !!name)
    .map((name) => {
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      return count === 1 ? name : `${name} (${count})`;
    });
}

/**
 * The host's screen for a live round, on the host's laptop or phone and
 * never on the wall: the room has a screen of its own (RoomScreen), opened
 * from here, that follows every step. The question comes first, then the
 * one filled button for the next step (reveal, next question, end), the
 * other controls beside it, the answers with moderation, the room screen's
 * link, the timer and speaking order, and ending or deleting the round.
 * Keys: arrows change the question, space starts and pauses the timer.
 */
export function HostScreen({ initial, joinUrl, joinAddress, roomUrl, siteUrl, joinIsLoopback }: Props) {
  const id = useId();
  const { view, connection, reconnecting, replace, setAnswer } = useLiveRound(initial);
  const question = view.questions[view.position];
  const [pending, setPending] = useState<HostAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [moderationErrors, setModerationErrors] = useState<Record<string, string>>({});
  const [deleted, setDeleted] = useState(false);
  const [moderating, setModerating] = useState(false);
  const [asking, setAsking] = useState<EndQuestion>(null);

  // Every start, pause and reset reaches the room's screen through the round's stream.
  const shareTimer = (timer: CountdownState) => {
    void hostAction(view.code, "timer", view.position, { timer }).then((outcome) => {
      if (!outcome.ok) setError(`The room screen's timer did not follow: ${outcome.error}`);
    });
  };
  const turns = useTurns(answerSecondsFor(question?.engagementLevel), shareTimer);
  const { nextQuestion } = turns;

  // A new question: the same people from the top, with the time this question suggests.
  useEffect(() => {
    nextQuestion(answerSecondsFor(view.questions[view.position]?.engagementLevel));
  }, [view.position, view.questions, nextQuestion]);

  const names = useMemo(() => distinctNames(view.participants.map((p) => p.name)), [view.participants]);

  const act = async (action: HostAction, options: { shareRecap?: boolean } = {}) => {
    if (pending) return;
    setPending(action);
    setError(null);
    const outcome = await hostAction(view.code, action, view.position, options);
    setPending(null);
    if (outcome.ok) replace(outcome.body.view);
    else setError(outcome.error);
  };

  const moderate = async (answer: LiveAnswer, hidden: boolean) => {
    setModerationErrors(({ [answer.id]: _, ...rest }) => rest);
    setAnswer({ ...answer, hidden });
    const outcome = await moderateAnswer(view.code, answer.id, hidden);
    if (outcome.ok) setAnswer(outcome.body.answer);
    else {
      setAnswer(answer);
      setModerationErrors((current) => ({ ...current, [answer.id]: outcome.error }));
    }
  };

  const remove = async () => {
    const outcome = await deleteRound(view.code);
    if (outcome.ok || outcome.status === 404) setDeleted(true);
    return outcome.ok || outcome.status === 404 ? null : outcome.error;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || view.status === "ended") return;
    if (
      event.key === " " &&
      !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)
    ) {
      event.preventDefault();
      turns.timer.toggle();
    } else if (event.key === "ArrowRight" && view.position < view.questions.length - 1) {
      event.preventDefault();
      void act("next");
    } else if (event.key === "ArrowLeft" && view.position > 0) {
      event.preventDefault();
      void act("previous");
    }
  };

  if (deleted || connection === "gone") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:py-16">
        <h1 className="font-serif text-3xl font-semibold text-ink sm:text-4xl">This round is deleted</h1>
        <p className="mt-3 text-ink-muted">Its questions, answers and recap are gone.</p>
        <p className="mt-8">
          <Link to="/" className={primaryButton}>
            Find your next question
          </Link>
        </p>
      </div>
    );
  }
  if (view.status === "ended" || !question) return <RoundOver view={view} siteUrl={siteUrl} onDelete={remove} />;

  const results = view.results ?? emptyResults(view.position, question.options.length);
  // A hidden answer was still given: hiding it is about showing, not about who took part.
  const answered = results.answered + results.hidden;
  const passed = results.passed;
  const hiddenCount = results.hidden;
  const last = view.position === view.questions.length - 1;
  const hostReveals = view.revealMode === "host";
  const revealNext = hostReveals && !view.revealed;
  const busy = !!pending;

  // The one filled button: what usually comes next.
  const step = revealNext
    ? { label: "Reveal answers", run: () => act("reveal") }
    : !last
      ? { label: "Next question", run: () => act("next"), shortcut: "ArrowRight" }
      : { label: "End round", run: () => setAsking("end") };
  const nextStep = (
    <button
      type="button"
      className={`${primaryButton} w-full sm:w-auto sm:self-start sm:px-8`}
      onClick={step.run}
      disabled={busy}
      aria-keyshortcuts={step.shortcut}
    >
      {step.label}
      {step.shortcut && <ChevronRight className="h-4 w-4" aria-hidden="true" />}
    </button>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys are shortcuts; every one of them is also a button.
    <div
      onKeyDown={onKeyDown}
      className="mx-auto grid max-w-6xl gap-6 px-4 py-4 sm:px-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start"
    >
      {/* The round: question, the next step, the answers. */}
      <div className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby={`${id}-question`} className="flex flex-col gap-3">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
            <span>
              Round <span className="font-mono font-semibold tracking-wider text-ink">{spacedCode(view.code)}</span>
            </span>
            <span>
              {view.perPerson ? "Own questions" : `Question ${view.position + 1} of ${view.questions.length}`} ·{" "}
              {ANSWER_MODE_LABELS[question.mode]}
              {view.anonymous ? " · Anonymous" : ""}
            </span>
            <ReconnectingNote show={reconnecting} />
          </p>
          <h1
            id={`${id}-question`}
            className="font-serif text-2xl leading-snug text-ink sm:text-3xl"
            aria-live="polite"
          >
            {view.perPerson ? question.text : `“${question.text}”`}
          </h1>
          {view.perPerson && (
            <p className="text-ink">
              Each person who joins gets a question of their own, none of them the same, from{" "}
              <span className="font-semibold">{choiceInWords(view.perPerson)}</span>.
            </p>
          )}
          <p className="text-sm text-ink-muted">
            {view.locked
              ? "Answers are locked."
              : !hostReveals
                ? "Answers appear on the room screen as they arrive."
                : view.revealed
                  ? "The answers are on the room screen and every phone."
                  : "Answers stay hidden until you reveal them."}
          </p>
          <p className="flex flex-wrap gap-x-5 gap-y-1 text-ink-muted" data-testid="host-counts">
            <Count label="joined" value={view.participantCount} />
            <Count label="connected" value={view.connected} />
            <Count label="answered" value={answered} />
            <Count label="passed" value={passed} />
          </p>
          <p className="text-ink" data-testid="answered-so-far">
            {answeredSoFarWords(answeredSoFar(view))}
          </p>
        </section>

        <section aria-label="Round controls" className="flex flex-col gap-3">
          {nextStep}
          <div className="flex flex-wrap gap-2">
            {hostReveals && view.revealed && (
              <button type="button" className={control} onClick={() => act("hide-answers")} disabled={busy}>
                <EyeOff className="h-4 w-4" aria-hidden="true" /> Hide answers
              </button>
            )}
            {revealNext && !last && (
              <button
                type="button"
                className={control}
                onClick={() => act("next")}
                disabled={busy}
                aria-keyshortcuts="ArrowRight"
              >
                Next question <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
            {view.position > 0 && (
              <button
                type="button"
                className={control}
                onClick={() => act("previous")}
                disabled={busy}
                aria-keyshortcuts="ArrowLeft"
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
              </button>
            )}
            <button
              type="button"
              className={control}
              onClick={() => act(view.locked ? "unlock" : "lock")}
              disabled={busy}
            >
              {view.locked ? "Unlock answers" : "Lock answers"}
            </button>
          </div>
          <p role="alert" className="min-h-5 text-sm font-medium text-accent-600">
            {error}
          </p>
        </section>

        {joinIsLoopback && <LoopbackWarning joinAddress={joinAddress} />}

        <section aria-labelledby={`${id}-answers`} className="rounded-3xl border border-line bg-white p-4 sm:p-5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h2 id={`${id}-answers`} className="mr-auto text-sm font-semibold uppercase tracking-wide text-ink-muted">
              Answers
            </h2>
            <button
              type="button"
              className={control}
              onClick={() => setModerating((open) => !open)}
              aria-expanded={moderating}
              aria-controls={`${id}-moderation`}
            >
              <EyeOff className="h-4 w-4" aria-hidden="true" />
              {moderating ? "Close moderation" : "Moderate answers"}
              {hiddenCount > 0 && <span className="font-normal">({hiddenCount} hidden)</span>}
            </button>
          </div>
          <div className="mt-3 space-y-4">
            {view.revealed ? (
              <RoundResults question={question} results={results} answers={view.answers} />
            ) : (
              <p className="text-ink-muted">
                {answered + passed === 0
                  ? "Answers will come in here; the room sees only how many until you reveal them."
                  : `${answered} ${answered === 1 ? "answer" : "answers"} in. The room sees only how many until you reveal them; check them under Moderate answers first.`}
              </p>
            )}
            {moderating && (
              <ModerationPanel
                id={`${id}-moderation`}
                question={question}
                answers={view.answers}
                onModerate={moderate}
                errors={moderationErrors}
              />
            )}
          </div>
        </section>

        {view.perPerson && (
          <PeopleAndQuestions id={`${id}-people`} participants={view.participants} anonymous={view.anonymous} />
        )}
      </div>

      {/* Beside it on a laptop, under it on a phone: the room screen, the timer and speaking order, the end. */}
      <div className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby={`${id}-room`} className="rounded-3xl border border-line bg-white p-4 sm:p-5">
          <h2 id={`${id}-room`} className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
            Room screen
          </h2>
          <p className="mt-2 text-ink">
            Put the room screen on the projector or share it in the call: the question, the code, the timer and what you
            reveal, none of these controls. It follows every step you take here.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={livePaths.room(view.code)} target="_blank" rel="noopener" className={control}>
              <Presentation className="h-4 w-4" aria-hidden="true" /> Open room screen
            </a>
            <CopyLinkButton url={roomUrl} label="Copy room link" />
          </div>
          <p className="mt-2 text-sm text-ink-muted">
            The room link opens the room screen on another computer; keep it to yourself, like this page.
          </p>
          <p className="mt-4 text-ink">
            People join at <span className="font-semibold">{joinAddress}</span> with the code{" "}
            <span className="font-mono font-semibold tracking-wider">{spacedCode(view.code)}</span>, or by the link.
          </p>
          <div className="mt-3">
            <CopyLinkButton url={joinUrl} label="Copy join link" />
          </div>
        </section>

        <TimerPanel turns={turns} headingId={`${id}-timer`} tone="light" />
        {!view.anonymous && (
          <SpeakingOrderPanel turns={turns} headingId={`${id}-order`} knownNames={names} tone="light" />
        )}

        <EndControls
          pending={busy}
          onEnd={(shareRecap) => act("end", { shareRecap })}
          onDelete={remove}
          asking={asking}
          onAsk={setAsking}
          endElsewhere={last && !revealNext}
        />
        <p className="hidden text-sm text-ink-muted sm:block">
          Space starts and pauses the timer · arrows change the question
        </p>
      </div>
    </div>
  );
}

/** A button that copies a link, and says so where the label was. */
function CopyLinkButton({ url, label }: { url: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <button type="button" className={control} onClick={() => copy(url)}>
      {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </button>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <span className="flex items-baseline gap-1.5">
      <span className="text-xl font-semibold tabular-nums text-ink">{value}</span> {label}
    </span>
  );
}

/** Who joined and the question each was given, in joining order: the host's alone. */
function PeopleAndQuestions({
  id,
  participants,
  anonymous,
}: {
  id: string;
  participants: RoundParticipant[];
  anonymous: boolean;
}) {
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-line bg-white p-4 sm:p-5">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
        Everyone's questions
      </h2>
      {participants.length === 0 ? (
        <p className="mt-2 text-ink-muted">Each person's question appears here when they join.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {participants.map((person, index) => (
            <li key={person.id} className="py-2.5">
              <p className="text-sm font-semibold text-ink" data-testid="person-name">
                {anonymous ? `Person ${index + 1}` : person.name}
              </p>
              <p className="mt-0.5 font-serif text-ink" data-testid="person-question">
                {person.question ? `“${person.question.text}”` : "No question of their own"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
