import { useEffect, useRef, useState } from "react";
import { Maximize } from "~/components/icons";
import { fetchRound } from "~/lib/live-client";
import { formatSeconds } from "~/lib/use-countdown";
import { useLiveRound } from "~/lib/use-live-round";
import {
  LIVE_WALL_ANSWERS,
  type LiveAnswer,
  type RoundResults as Results,
  type RoundQuestion,
  type RoundTimer,
  type RoundView,
} from "~/shared/live";
import { emptyResults } from "~/shared/live-view";
import { answerText } from "./AnswerCards";
import { JoinPanel } from "./JoinPanel";
import { ReconnectingNote } from "./ReconnectingNote";
import { RoundResults } from "./RoundResults";

type Props = {
  initial: RoundView;
  joinAddress: string;
  qrSvg: string;
};

/**
 * The room's screen: what the projector or the shared screen in a call
 * shows, and nothing else. The question, how to join (address, code, QR),
 * the timer, how many joined, answered and passed, and the answers once
 * the host reveals them. It holds no control anyone in the room could take
 * for theirs (only a full-screen toggle, gone once in full screen), never a
 * hidden answer nor a name of who joined, and it fits a 720p and a 1080p
 * screen without scrolling: every size follows the screen's height. It
 * follows the round through its own stream; the host acts on their screen.
 */
export function RoomScreen({ initial, joinAddress, qrSvg }: Props) {
  const { view, connection, reconnecting, replace } = useLiveRound(initial);
  const question = view.questions[view.position];
  const shown = view.revealed || view.revealMode === "live";
  // Free text just revealed: the events carried the counts, the view brings the newest answers for the wall.
  const wallToFetch =
    shown && question?.mode === "text" && (view.results?.answered ?? 0) > 0 && view.answers.length === 0;

  // Back to an earlier question: events say where the round is, not how many answered there before.
  const lastPosition = useRef(view.position);
  useEffect(() => {
    const movedBack = view.position < lastPosition.current;
    lastPosition.current = view.position;
    if (!movedBack && !wallToFetch) return;
    void fetchRound(view.code, "room").then((outcome) => {
      if (outcome.ok) replace(outcome.body.view);
    });
  }, [view.position, view.code, wallToFetch, replace]);

  const frame =
    "flex h-dvh flex-col overflow-hidden bg-brand-900 px-[3vw] py-[3vh] text-white [&_:focus-visible]:outline-accent-400";
  if (view.status === "ended" || connection === "gone" || !question) {
    return (
      <div className={`${frame} items-center justify-center text-center`}>
        <h1 className="font-serif text-[min(8vh,5vw)] leading-tight">This round has ended</h1>
        <p className="mt-[2vh] text-[min(3.6vh,2.3vw)] text-brand-100">Thank you for taking part.</p>
      </div>
    );
  }

  const results = view.results ?? emptyResults(view.position, question.options.length);
  // A hidden answer was still given: hiding it is about showing, not about who took part.
  const answered = results.answered + results.hidden;
  const length = question.text.length;
  // Until answers are shown the question is the largest thing in the room, larger than the join code up to
  // 90 characters (nine questions in ten), and as large as its length lets it be and still fit up to 300;
  // once revealed, the answers take the room and it steps back.
  const questionSize = shown
    ? "text-[min(4.4vh,2.9vw)] line-clamp-3"
    : length > 150
      ? "text-[min(5.4vh,3.5vw)]"
      : length > 90
        ? "text-[min(7vh,4.3vw)]"
        : length > 60
          ? "text-[min(8.6vh,5.2vw)]"
          : "text-[min(10vh,5.8vw)]";

  return (
    <div className={`${frame} gap-[2.4vh]`}>
      <header className="flex items-center gap-x-[2.4vw] text-[min(3.2vh,2vw)] text-brand-100">
        <p>{view.perPerson ? "Own questions" : `Question ${view.position + 1} of ${view.questions.length}`}</p>
        <p className="flex gap-x-[1.8vw]" data-testid="room-counts">
          <Count label="joined" value={view.participantCount} />
          <Count label="answered" value={answered} />
          <Count label="passed" value={results.passed} />
        </p>
        <ReconnectingNote show={reconnecting} tone="dark" />
        <span className="ml-auto flex items-center gap-[1.6vw]">
          <RoomTimer timer={view.timer} />
          <FullScreenToggle />
        </span>
      </header>

      <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_min(30vw,34rem)] gap-[2.6vw]">
        <div className="flex min-h-0 flex-col gap-[2.4vh]">
          {/* Before the answers the question has the room, in the middle of its side; after, the answers do. */}
          <div className={shown ? "" : "flex min-h-0 flex-1 flex-col justify-center gap-[3vh]"}>
            <h1 className={`font-serif leading-tight ${questionSize}`} aria-live="polite">
              {view.perPerson ? question.text : `“${question.text}”`}
            </h1>
            {!shown && (
              <p className="text-[min(3.4vh,2.2vw)] text-brand-100">
                {view.locked
                  ? "Answers are locked."
                  : view.perPerson
                    ? "Join to get yours, and answer it on your phone."
                    : "Answer on your phone."}
              </p>
            )}
          </div>
          <section
            aria-label="Answers"
            className={
              shown
                ? "min-h-0 flex-1 overflow-hidden rounded-[2.4vh] bg-white/5 px-[2.6vh] py-[2.4vh]"
                : "text-[min(3.4vh,2.2vw)] text-brand-100"
            }
          >
            {shown ? (
              <RevealedAnswers question={question} results={results} answers={view.answers} />
            ) : (
              <p>
                {answered + results.passed === 0
                  ? "Answers will come in here."
                  : `${answered} ${answered === 1 ? "answer" : "answers"} in`}
              </p>
            )}
          </section>
        </div>
        <JoinPanel code={view.code} joinAddress={joinAddress} qrSvg={qrSvg} />
      </div>
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <span className="flex items-baseline gap-[0.5vw]">
      <span className="font-semibold tabular-nums text-white">{value}</span> {label}
    </span>
  );
}

/** What the room sees once the host reveals: a cloud, bars, or the newest free-text answers as a wall. */
function RevealedAnswers({
  question,
  results,
  answers,
}: {
  question: RoundQuestion;
  results: Results;
  answers: LiveAnswer[];
}) {
  if (question.mode !== "text") {
    return <RoundResults question={question} results={results} answers={answers} tone="dark" size="screen" />;
  }
  const visible = answers.filter((a) => a.kind === "answer" && !a.hidden);
  const wall = visible.slice(-LIVE_WALL_ANSWERS).reverse();
  const more = Math.max(0, results.answered - wall.length);
  if (wall.length === 0) {
    return <p className="text-[min(3.4vh,2.2vw)] text-brand-100">{results.answered === 0 ? "No answers yet." : ""}</p>;
  }
  // A few answers get large cards; up to nine share the space in three rows.
  const few = wall.length <= 4;
  return (
    <div className="flex h-full flex-col gap-[1.6vh]">
      <ul
        aria-label="Answers"
        className={`grid min-h-0 flex-1 gap-[1.6vh] overflow-hidden ${few ? "grid-cols-2 grid-rows-2" : "grid-cols-3 grid-rows-3"}`}
      >
        {wall.map((answer) => (
          <li key={answer.id} className="flex min-h-0 flex-col overflow-hidden rounded-[1.8vh] bg-white/10 p-[2vh]">
            {answer.question && (
              <p
                className={`mb-[0.8vh] font-serif leading-snug text-brand-100 ${few ? "line-clamp-3 text-[min(2.8vh,1.8vw)]" : "line-clamp-2 text-[min(2.2vh,1.4vw)]"}`}
                data-testid="answer-question"
              >
                <span className="sr-only">Asked: </span>“{answer.question}”
              </p>
            )}
            <p
              className={`whitespace-pre-wrap break-words leading-snug ${few ? "line-clamp-5 text-[min(3.8vh,2.4vw)]" : "line-clamp-4 text-[min(2.9vh,1.9vw)]"}`}
            >
              {answerText(answer, question)}
            </p>
            {answer.name && (
              <p className="mt-auto pt-[0.8vh] text-[min(2.4vh,1.5vw)] text-brand-100">
                <span className="sr-only">From </span>
                {answer.name}
              </p>
            )}
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="text-[min(2.8vh,1.8vw)] text-brand-100">
          and {more} more {more === 1 ? "answer" : "answers"} on your phones
        </p>
      )}
    </div>
  );
}

/**
 * The host's answer timer, counted down here from the moment it arrived, so
 * the projector's clock never has to agree with anyone's. Shown once the
 * host starts it for this question.
 */
function RoomTimer({ timer }: { timer: RoundTimer | null }) {
  const [left, setLeft] = useState(timer?.remainingSeconds ?? 0);
  useEffect(() => {
    if (!timer) return;
    setLeft(timer.remainingSeconds);
    if (!timer.running) return;
    const endsAt = Date.now() + timer.remainingSeconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    const interval = setInterval(tick, 250);
    return () => clearInterval(interval);
  }, [timer]);
  const started = timer && (timer.running || timer.remainingSeconds < timer.totalSeconds);
  if (!started) return null;
  return (
    <span className="flex items-baseline gap-[0.8vw]">
      {left === 0 && <span className="text-[min(2.8vh,1.8vw)] text-accent-400">Time's up</span>}
      <span
        role="timer"
        aria-label={`Time left ${formatSeconds(left)}`}
        className="font-mono text-[min(6vh,3.8vw)] font-semibold leading-none tabular-nums text-white"
        data-testid="room-timer"
      >
        {formatSeconds(left)}
      </span>
    </span>
  );
}

/**
 * The one control here, for whoever sets the screen up: quiet (no outline,
 * small type) so the room does not take it for theirs, and gone once the
 * screen is full.
 */
function FullScreenToggle() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const follow = () => setFull(!!document.fullscreenElement);
    follow();
    document.addEventListener("fullscreenchange", follow);
    return () => document.removeEventListener("fullscreenchange", follow);
  }, []);
  if (full) return null;
  return (
    <button
      type="button"
      onClick={() => void document.documentElement.requestFullscreen?.().catch(() => {})}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm text-brand-100 hover:bg-white/10"
    >
      <Maximize className="h-4 w-4" aria-hidden="true" /> Full screen
    </button>
  );
}
