import { useCallback, useEffect, useRef, useState } from "react";

/** docs/product.md#constants: the upload bar rises 5% every 100 ms. */
export const PROGRESS_STEP = 5;
export const PROGRESS_TICK_MS = 100;
/** It never reaches 100 on its own: only the server's answer completes it. */
export const PROGRESS_CEILING = 95;

/**
 * A progress value for a request whose real progress is unknown: `start` makes it
 * climb, `complete` jumps to 100, `reset` hides it (null).
 */
export function useSimulatedProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    stop();
    setProgress(0);
    timer.current = setInterval(() => {
      setProgress((p) => Math.min(PROGRESS_CEILING, (p ?? 0) + PROGRESS_STEP));
    }, PROGRESS_TICK_MS);
  }, [stop]);

  const complete = useCallback(() => {
    stop();
    setProgress(100);
  }, [stop]);

  const reset = useCallback(() => {
    stop();
    setProgress(null);
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { progress, start, complete, reset };
}
