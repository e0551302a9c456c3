import { useCallback, useEffect, useRef, useState } from "react";
import { fetchRound } from "~/lib/live-client";
import { type LiveAnswer, livePaths, type RoundEvent, type RoundView } from "~/shared/live";
import { applyRoundEvent, withAnswerPage } from "~/shared/live-view";

/**
 * live: events arrive; reconnecting: the stream dropped and the browser is
 * trying again; gone: the host deleted the round; over: the round ended and
 * the stream is closed on purpose; elsewhere: this seat follows the round
 * on another screen now (a seat has one stream).
 */
export type LiveConnection = "connecting" | "live" | "reconnecting" | "gone" | "over" | "elsewhere";

/** How long the stream may be down before the screen says so: a blip is not worth a message. */
const QUIET_MS = 1500;
/** When the server refused the stream outright, how long before asking again. */
const RETRY_MS = 5000;

/**
 * A round's view kept up to date from its event stream. The server-rendered
 * view is the start; the stream's snapshot replaces it, then each event moves
 * it on through the shared reducer (events already seen change nothing, so
 * replays after a reconnect are harmless). `enabled` is false until the
 * visitor may listen (a participant who has not joined yet).
 */
export function useLiveRound(initial: RoundView, enabled = true) {
  const [view, setView] = useState(initial);
  const [connection, setConnection] = useState<LiveConnection>(initial.status === "ended" ? "over" : "connecting");
  const [showReconnecting, setShowReconnecting] = useState(false);
  const { code, role } = initial;
  const finished = useRef(initial.status === "ended");

  /** A view from an API answer (a host action, a join): kept only if it is not older than what is shown. */
  const replace = useCallback((next: RoundView) => {
    // An API answer does not know how many screens are connected; the stream does.
    setView((current) => (next.seq >= current.seq ? { ...next, connected: current.connected } : current));
    if (next.status === "ended") finished.current = true;
  }, []);

  /** The participant's own answer as the server stored it; the stream may bring it too. */
  const setMyAnswer = useCallback((answer: LiveAnswer) => {
    setView((current) =>
      current.me && answer.position === current.position ? { ...current, me: { ...current.me, answer } } : current,
    );
  }, []);

  /** An answer as the server returned it after a host hid or showed it; the stream brings the same change. */
  const setAnswer = useCallback((answer: LiveAnswer) => {
    setView((current) =>
      answer.position === current.position
        ? { ...current, answers: current.answers.map((a) => (a.id === answer.id ? answer : a)) }
        : current,
    );
  }, []);

  /** A page of free-text answers the screen asked for. */
  const addAnswers = useCallback((position: number, page: LiveAnswer[]) => {
    setView((current) => withAnswerPage(current, position, page));
  }, []);

  useEffect(() => {
    if (!enabled || finished.current) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const stop = (state: LiveConnection) => {
      finished.current = true;
      source?.close();
      setConnection(state);
    };

    const open = () => {
      if (stopped) return;
      source = new EventSource(`${livePaths.events(code)}?as=${role}`);
      source.onopen = () => setConnection("live");
      source.addEventListener("snapshot", (message) => {
        const snapshot = JSON.parse((message as MessageEvent<string>).data) as RoundView;
        // A snapshot is the server's whole truth at its seq: it wins over anything older.
        setView((current) => (snapshot.seq >= current.seq ? snapshot : current));
        if (snapshot.status === "ended") stop("over");
      });
      source.addEventListener("round", (message) => {
        const { data, lastEventId } = message as MessageEvent<string>;
        const event = JSON.parse(data) as RoundEvent;
        setView((current) => applyRoundEvent(current, Number(lastEventId), event));
        if (event.type === "deleted") stop("gone");
        else if (event.type === "ended") stop("over");
      });
      source.addEventListener("connected", (message) => {
        const connected = Number((message as MessageEvent<string>).data);
        if (Number.isFinite(connected)) setView((current) => ({ ...current, connected }));
      });
      source.addEventListener("replaced", () => stop("elsewhere"));
      source.onerror = () => {
        if (!source || finished.current) return;
        if (source.readyState === EventSource.CONNECTING) {
          setConnection("reconnecting");
          return;
        }
        // Closed for good (the server answered with an error): find out why, and try again if the round is still there.
        setConnection("reconnecting");
        source.close();
        retry = setTimeout(async () => {
          const outcome = await fetchRound(code, role);
          if (stopped) return;
          if (!outcome.ok && outcome.status === 404) {
            stop("gone");
            return;
          }
          if (outcome.ok) {
            setView((current) => (outcome.body.view.seq >= current.seq ? outcome.body.view : current));
            if (outcome.body.view.status === "ended") {
              stop("over");
              return;
            }
          }
          open();
        }, RETRY_MS);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [code, role, enabled]);

  useEffect(() => {
    if (connection !== "reconnecting") {
      setShowReconnecting(false);
      return;
    }
    const timer = setTimeout(() => setShowReconnecting(true), QUIET_MS);
    return () => clearTimeout(timer);
  }, [connection]);

  return { view, connection, reconnecting: showReconnecting, replace, setMyAnswer, setAnswer, addAnswers };
}
