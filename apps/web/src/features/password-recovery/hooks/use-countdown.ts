import { useCallback, useEffect, useState } from 'react';

/** Seconds as m:ss, e.g. 60 -> '1:00', 9 -> '0:09'. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface Countdown {
  secondsLeft: number;
  expired: boolean;
  /** Starts again from the full length (Resend Code). */
  restart: () => void;
}

/**
 * A countdown from `seconds`, started when the component mounts. It follows the wall clock (a
 * deadline, not a tick count), so a busy or background tab does not slow it down.
 */
export function useCountdown(seconds: number): Countdown {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  const restart = useCallback(() => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  }, [seconds]);

  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) {
        clearInterval(timer);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, expired: secondsLeft === 0, restart };
}
