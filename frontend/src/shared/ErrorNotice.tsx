/** How an API failure looks: "graph unavailable" is its own, distinct notice; so are "not found" and the rest. */
import { ApiError } from "../api/client";

export function GraphUnavailable({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div className="notice notice-unavailable" role="alert" data-testid="graph-unavailable">
      <strong className="notice-title">Graph unavailable</strong>
      <p>
        The knowledge graph cannot be reached, so nothing can be looked up or cited right now. This is not an empty
        result.
      </p>
      {message && <p className="notice-detail">Server said: {message}</p>}
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error instanceof ApiError && error.unavailable) {
    return <GraphUnavailable message={error.body?.message} onRetry={onRetry} />;
  }
  if (error instanceof ApiError && error.httpStatus === 0) {
    return (
      <div className="notice notice-unavailable" role="alert">
        <strong className="notice-title">API unreachable</strong>
        <p>The ZEHN service does not answer. Is `make run` still running?</p>
        {onRetry && (
          <button type="button" className="btn" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    );
  }
  if (error instanceof ApiError && error.notFound) {
    return (
      <div className="notice notice-muted" role="alert">
        <strong className="notice-title">Not found</strong>
        <p>{error.message}</p>
      </div>
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="notice notice-error" role="alert">
      <strong className="notice-title">{error instanceof ApiError && error.httpStatus === 422 ? "Rejected" : "Error"}</strong>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}
