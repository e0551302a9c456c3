import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A countdown for one person's answer. It measures elapsed wall-clock time
 * rather than counting ticks, so a busy or throttled tab still ends on time.
 */
export function useCountdown(totalSeconds: number) {
  const [total, setTotal] = useState(totalSeconds);
  const [remainingMs, setRemainingMs] = useState(totalSeconds * 1000);
  const [running, setRunning] = useState(false);
  const endsAt = useRef(0);

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
    setRemainingMs((left) => {
      const from = left > 0 ? left : total * 1000;
      endsAt.current = Date.now() + from;
      return from;
    });
    setRunning(true);
  }, [total]);

  const pause = useCallback(() => setRunning(false), []);

  /** Back to the full time, stopped; a new total when given. */
  const reset = useCallback(
    (seconds = total) => {
      setTotal(seconds);
      setRunning(false);
      setRemainingMs(seconds * 1000);
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
