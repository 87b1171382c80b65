import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec part 2 sections 4 and 9: +10% every 0.5 s, held at 90% until the work ends. */
export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 500;
export const PROGRESS_CAP = 90;

/**
 * The backup screen's progress: `start` begins the simulated rise, `report` lifts it to a real
 * measure (upload progress) when that is ahead, `finish(true)` shows 100%, `finish(false)` 0%.
 */
export function useSimulatedProgress() {
  const [percent, setPercent] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) {
      clearInterval(timer.current);
      timer.current = null;
    }
  }, []);
  const start = useCallback(() => {
    stop();
    setPercent(0);
    timer.current = setInterval(() => {
      setPercent((p) => Math.min(PROGRESS_CAP, p + PROGRESS_STEP));
    }, PROGRESS_INTERVAL_MS);
  }, [stop]);
  const report = useCallback((real: number) => {
    setPercent((p) => Math.max(p, Math.min(PROGRESS_CAP, Math.round(real))));
  }, []);
  const finish = useCallback(
    (ok: boolean) => {
      stop();
      setPercent(ok ? 100 : 0);
    },
    [stop],
  );
  useEffect(() => stop, [stop]);
  return { percent, start, report, finish };
}
