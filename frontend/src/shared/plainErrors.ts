/**
 * Every failure in plain words: what happened and what to do. Raw server text ("Error 111 connecting to
 * 127.0.0.1:59287") is never the headline; it is kept only as optional technical detail.
 */
import { ApiError } from "../api/client";

export interface PlainError {
  title: string;
  text: string;
  /** Worth a "Try again": the cause may go away by itself (a server restarting, a timeout). */
  retriable: boolean;
  /** The graph (not the API) is down: the site-wide banner covers it. */
  graphDown: boolean;
}

const GRAPH_DOWN: PlainError = {
  title: "The knowledge graph is unavailable",
  text: "ZEHN cannot reach its graph database, so nothing can be looked up or cited right now. This is not an " +
    "empty answer. ZEHN restarts the database by itself; try again in a moment.",
  retriable: true, graphDown: true,
};

const BY_KIND: Record<string, PlainError> = {
  network: { title: "ZEHN does not answer", text: "The ZEHN server cannot be reached. Check that it is still " +
    "running (zehn serve), then try again.", retriable: true, graphDown: false },
  unavailable: GRAPH_DOWN,
  graph_unavailable: GRAPH_DOWN,
  timeout: { title: "The graph took too long", text: "The graph database did not answer in time. It may be busy " +
    "or restarting; try again in a moment.", retriable: true, graphDown: false },
  not_ingested: { title: "Nothing is ingested yet", text: "The graph holds no documents yet. Add some on the " +
    "Ingest screen (or run zehn ingest), then try again.", retriable: true, graphDown: false },
  missing_index: { title: "The graph is still being prepared", text: "A search index is missing or still " +
    "building. Run the ingest again if this persists.", retriable: true, graphDown: false },
  model_unavailable: { title: "The language model is unavailable", text: "The configured model endpoint does " +
    "not answer. Try again, or run ZEHN without a model (deterministic answers).", retriable: true, graphDown: false },
  cancelled: { title: "Stopped", text: "You stopped this answer before it was finished.", retriable: true,
    graphDown: false },
  interrupted: { title: "Not finished", text: "The page was left or reloaded before this answer finished. Ask " +
    "again to get it.", retriable: true, graphDown: false },
  busy: { title: "Another ingest is running", text: "Wait until the current ingest has finished, then try again.",
    retriable: true, graphDown: false },
  uploads_disabled: { title: "This server takes no uploads", text: "It was started without an ingest " +
    "pipeline. Add documents with zehn ingest on the server instead.", retriable: false, graphDown: false },
  too_large: { title: "Too large", text: "The upload is larger than the server accepts. Send fewer or smaller " +
    "files at a time.", retriable: false, graphDown: false },
  unauthorized: { title: "A token is needed", text: "This server needs an API token for this (every request when " +
    "it is reachable beyond this machine; uploads and hand-offs always). Paste yours in the token field at the top; " +
    "an admin creates one with zehn token create NAME.", retriable: false, graphDown: false },
  forbidden: { title: "Not allowed with this token", text: "Your token may not do this (it needs an admin token).",
    retriable: false, graphDown: false },
  rate_limited: { title: "Too many requests", text: "You sent more requests than this server allows per minute. " +
    "Wait a moment and try again.", retriable: true, graphDown: false },
  internal: { title: "Something went wrong in ZEHN", text: "The server hit an unexpected error; it is in the " +
    "server's log. Try again; if it repeats, report it.", retriable: true, graphDown: false },
};

/** What to tell a person about `error`. */
export function plainError(error: unknown): PlainError {
  if (error instanceof ApiError) {
    const known = BY_KIND[error.kind];
    if (known) return known;
    if (error.unavailable) return GRAPH_DOWN;
    if (error.notFound) return { title: "Not found", text: error.message, retriable: false, graphDown: false };
    if (error.httpStatus === 422 || error.body?.status === "rejected") {
      return { title: "Not accepted", text: error.message, retriable: false, graphDown: false };
    }
    return BY_KIND.internal as PlainError;
  }
  return { title: "Something went wrong in this page", text: "The page could not show this. Reload it and " +
    "try again.", retriable: true, graphDown: false };
}

/** The raw message, for a collapsed "technical detail" (never the headline). */
export function technicalDetail(error: unknown): string | null {
  if (error instanceof ApiError) return error.body?.message ?? `HTTP ${error.httpStatus}`;
  return error instanceof Error ? error.message : null;
}
