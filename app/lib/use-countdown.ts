import { useCallback, useEffect, useRef, useState } from "react";

/** A countdown as the person running it left it: what it was set to, what is left, whether it runs. */
export type CountdownState = { totalSeconds: number; remainingSeconds: number; running: boolean };

/**
 * A countdown for one person's answer. It measures elapsed wall-clock time
 * rather than counting ticks, so a busy or throttled tab still ends on time.
 * `onChange` hears every start, pause and reset a person makes (a live
 * round's host screen passes them on to the room's screen); a reset with
 * `quiet` is the screen's own (a new question) and is not reported.
 */
export function useCountdown(totalSeconds: number, onChange?: (state: CountdownState) => void) {
  const [total, setTotal] = useState(totalSeconds);
  const [remainingMs, setRemainingMs] = useState(totalSeconds * 1000);
  const [running, setRunning] = useState(false);
  const endsAt = useRef(0);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    if (!running) return;
    const tick = () => {
      const left = Math.max(0, endsAt.current - Date.now());
      setRemainingMs(left);
      if (left === 0) setRunning(false);
    };
    const timer = setInterval(tick, 200);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback(() => {
    const from = remainingMs > 0 ? remainingMs : total * 1000;
    endsAt.current = Date.now() + from;
    setRemainingMs(from);
    setRunning(true);
    report.current?.({ totalSeconds: total, remainingSeconds: Math.ceil(from / 1000), running: true });
  }, [total, remainingMs]);

  const pause = useCallback(() => {
    const left = running ? Math.max(0, endsAt.current - Date.now()) : remainingMs;
    setRemainingMs(left);
    setRunning(false);
    report.current?.({ totalSeconds: total, remainingSeconds: Math.ceil(left / 1000), running: false });
  }, [total, remainingMs, running]);

  /** Back to the full time, stopped; a new total when given. */
  const reset = useCallback(
    (seconds = total, options: { quiet?: boolean } = {}) => {
      setTotal(seconds);
      setRunning(false);
      setRemainingMs(seconds * 1000);
      if (!options.quiet) report.current?.({ totalSeconds: seconds, remainingSeconds: seconds, running: false });
    },
    [total],
  );

  return {
    total,
    remainingSeconds: Math.ceil(remainingMs / 1000),
    running,
    finished: remainingMs === 0,
    start,
    pause,
    toggle: running ? pause : start,
    reset,
  };
}

/** 90 -> "1:30". */
export function formatSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
