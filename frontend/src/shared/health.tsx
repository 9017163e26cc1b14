/**
 * The service's health, polled for the whole site: a banner when the graph is unavailable or warming up, and
 * recovery without a page reload. Polls every 30 s while ready, and with backoff (2 s doubling to 30 s) while not;
 * "Try again" (or any screen that met an unavailable error) checks at once.
 *
 * `GET /api/health` answers 503 with the same body while the graph is down; `status` is read when the server sends
 * it and derived from `graph.reachable` otherwise.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { api, ApiError, NETWORK_ERROR } from "../api/client";
import type { HealthOut, HealthStatus } from "../api/types";

export type SiteState = HealthStatus | "unreachable" | "unknown";

export interface HealthState {
  state: SiteState;
  health: HealthOut | null;
  /** Check now (a "Try again" button, or a screen that just met an unavailable error). */
  recheck: () => void;
  checking: boolean;
}

const READY_MS = 30_000;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

const Ctx = createContext<HealthState>({ state: "unknown", health: null, recheck: () => undefined, checking: false });

export function statusOf(health: HealthOut): HealthStatus {
  if (health.status === "ready" || health.status === "warming_up" || health.status === "unavailable") {
    return health.status;
  }
  return health.graph.reachable ? "ready" : "unavailable";
}

export async function fetchHealth(signal: AbortSignal): Promise<HealthOut> {
  const { data, error, response } = await api.GET("/api/health", { signal });
  const body = (data ?? error) as HealthOut | undefined;
  if (body && typeof body === "object" && "graph" in body) return body;
  throw new ApiError(response.status, null);
}

export function HealthProvider({ children }: { children: ReactNode }) {
  const [health, setHealth] = useState<HealthOut | null>(null);
  const [state, setState] = useState<SiteState>("unknown");
  const [checking, setChecking] = useState(false);
  const [tick, setTick] = useState(0);
  const delay = useRef(FIRST_RETRY_MS);

  useEffect(() => {
    const ctrl = new AbortController();
    let timer: number | undefined;
    setChecking(true);
    fetchHealth(ctrl.signal).then(
      (h) => {
        const s = statusOf(h);
        setHealth(h);
        setState(s);
        return s;
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return null;
        setState(err instanceof ApiError && err.kind === NETWORK_ERROR.kind ? "unreachable" : "unavailable");
        return "unavailable" as const;
      },
    ).then((s) => {
      if (ctrl.signal.aborted || s === null) return;
      setChecking(false);
      const wait = s === "ready" ? READY_MS : delay.current;
      delay.current = s === "ready" ? FIRST_RETRY_MS : Math.min(MAX_RETRY_MS, delay.current * 2);
      timer = window.setTimeout(() => setTick((t) => t + 1), wait);
    });
    return () => {
      ctrl.abort();
      window.clearTimeout(timer);
    };
  }, [tick]);

  const recheck = useCallback(() => {
    delay.current = FIRST_RETRY_MS;
    setTick((t) => t + 1);
  }, []);

  return <Ctx.Provider value={{ state, health, recheck, checking }}>{children}</Ctx.Provider>;
}

export function useHealth(): HealthState {
  return useContext(Ctx);
}

/** The site-wide banner: shown while the graph is not ready, in plain words, with what to do. */
export function HealthBanner() {
  const { state, recheck, checking } = useHealth();
  if (state === "ready" || state === "unknown") return null;
  const text: Record<Exclude<SiteState, "ready" | "unknown">, [string, string]> = {
    unavailable: ["The knowledge graph is unavailable.", "Answers, the radar and the explorer cannot look anything " +
      "up until it is back. ZEHN restarts it by itself and this page recovers on its own; you can also try again."],
    warming_up: ["The knowledge graph is starting up.", "It is loading its data and building indexes. Answers will " +
      "work again in a moment; this page recovers on its own."],
    unreachable: ["ZEHN's server does not answer.", "Check that it is still running (zehn serve). This page keeps " +
      "trying and recovers on its own."],
  };
  const [title, body] = text[state];
  return (
    <div className={`site-banner banner-${state}`} role="alert" data-testid="health-banner" data-state={state}>
      <p><strong>{title}</strong> {body}</p>
      <button type="button" className="btn" onClick={recheck} disabled={checking}>
        {checking ? "Checking…" : "Try again"}
      </button>
    </div>
  );
}
