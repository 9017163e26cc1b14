/** Load something from the API, with explicit loading / ok / error states (never an empty stand-in). */
import { useCallback, useEffect, useRef, useState } from "react";

export type Loadable<T> =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ok"; data: T }
  | { state: "error"; error: unknown };

/**
 * `load` runs whenever `deps` change (showing "loading") and on `reload()` (keeping what is shown until the new
 * result arrives, so a periodic refresh does not flicker). `load = null` means "nothing to load yet".
 */
export function useApi<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  deps: unknown[],
): [Loadable<T>, () => void] {
  const [result, setResult] = useState<Loadable<T>>(load ? { state: "loading" } : { state: "idle" });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const lastTick = useRef(tick);

  useEffect(() => {
    const fn = loadRef.current;
    const isReload = lastTick.current !== tick;
    lastTick.current = tick;
    if (!fn) {
      setResult({ state: "idle" });
      return;
    }
    const ctrl = new AbortController();
    if (!isReload) setResult({ state: "loading" });
    fn(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setResult({ state: "ok", data });
      },
      (error: unknown) => {
        if (!ctrl.signal.aborted) setResult({ state: "error", error });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return [result, reload];
}
