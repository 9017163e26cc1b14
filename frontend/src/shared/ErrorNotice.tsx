/** How a failure looks: plain words (see plainErrors.ts), what to do, and "Try again" where it may help. */
import { useEffect, useRef } from "react";
import { useHealth } from "./health";
import { plainError } from "./plainErrors";

export function GraphUnavailable({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="notice notice-unavailable" role="alert" data-testid="graph-unavailable">
      <strong className="notice-title">The knowledge graph is unavailable</strong>
      <p>
        Nothing could be looked up, so there is no answer: this is not an empty result. ZEHN restarts the database
        by itself; try again in a moment.
      </p>
      {onRetry && <button type="button" className="btn" onClick={onRetry}>Try again</button>}
    </div>
  );
}

export function ErrorNotice({ error, onRetry, autoRetry = true }: {
  error: unknown; onRetry?: () => void;
  /** Retry by itself once the graph is back (a screen's load; not a question, which is asked again by hand). */
  autoRetry?: boolean;
}) {
  const { recheck, state } = useHealth();
  const plain = plainError(error);
  // A screen that met "unavailable" tells the site-wide health check, so the banner appears without waiting.
  useEffect(() => {
    if (plain.graphDown) recheck();
  }, [plain.graphDown, recheck]);
  // ... and when the health check sees the graph ready again, the screen loads again: no page reload needed.
  const seenDown = useRef(false);
  useEffect(() => {
    if (!plain.graphDown || !autoRetry || !onRetry) return;
    if (state !== "ready") seenDown.current = true;
    else if (seenDown.current) {
      seenDown.current = false;
      onRetry();
    }
  }, [state, plain.graphDown, autoRetry, onRetry]);
  if (plain.graphDown) {
    return <GraphUnavailable onRetry={onRetry ? () => { recheck(); onRetry(); } : undefined} />;
  }
  const tone = ["Not found", "Stopped", "Not finished"].includes(plain.title) ? "notice-muted" : "notice-error";
  return (
    <div className={`notice ${tone}`} role="alert" data-testid="error-notice">
      <strong className="notice-title">{plain.title}</strong>
      <p>{plain.text}</p>
      {onRetry && plain.retriable && <button type="button" className="btn" onClick={onRetry}>Try again</button>}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return <p className="loading" role="status">Loading {what}…</p>;
}
