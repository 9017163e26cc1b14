/** Change review: paste a PR description, a diff or a design note, or pick a PR / ticket of the graph; the review
 * is computed without storing it; saving it (a write: the write token) gives it a permalink. */
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, api, unwrap } from "../../api/client";
import type { ChangeReview, ChangeReviewRequest } from "../../api/types";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { useApi } from "../../shared/useApi";
import { bearer, setWriteToken, TokenForm, useWriteToken } from "../people/writeToken";
import { ReviewResult } from "./ReviewResult";

function SaveReview({ request }: { request: ChangeReviewRequest }) {
  const navigate = useNavigate();
  const known = useWriteToken();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const save = async (token: string) => {
    setAsking(false);
    setBusy(true);
    setError(null);
    try {
      const stored = await unwrap(api.POST("/api/change-reviews", { body: request, headers: bearer(token) }));
      navigate(`/change-reviews/${encodeURIComponent(stored.id ?? "")}`);
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 401) setWriteToken(null);  // refused: forget it
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="review-save">
      {asking ? (
        <TokenForm why="Saving a review with a permalink is a write." onToken={(t) => void save(t)}
          onCancel={() => setAsking(false)} />
      ) : (
        <button type="button" className="btn" disabled={busy}
          onClick={() => (known ? void save(known) : setAsking(true))}>Save with a permalink</button>
      )}
      {error !== null && <ErrorNotice error={error} autoRetry={false} />}
    </div>
  );
}

export function ChangeReviewScreen() {
  const [mode, setMode] = useState<"paste" | "pick">("paste");
  const [text, setText] = useState("");
  const [documentId, setDocumentId] = useState("");
  const [depth, setDepth] = useState(2);
  const [request, setRequest] = useState<ChangeReviewRequest | null>(null);
  const [sources] = useApi((signal) => unwrap(api.GET("/api/change-reviews/sources", { signal })), []);
  const [recent, reloadRecent] = useApi((signal) => unwrap(api.GET("/api/change-reviews",
    { params: { query: { limit: 20 } }, signal })), []);
  const [review, reload] = useApi(
    request ? (signal) => unwrap(api.POST("/api/change-reviews/preview", { body: request, signal })) : null, [request]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRequest(mode === "paste" ? { text, depth } : { document_id: documentId, depth });
    reloadRecent();
  };
  const ready = mode === "paste" ? text.trim().length > 0 : documentId.length > 0;
  return (
    <div className="screen review-screen">
      <h1>Change review</h1>
      <p className="lede">What a change touches, what that affects hop by hop, who owns it, what to re-read, and
        what the review cannot tell. Every claim cites the sentence it rests on.</p>
      <form onSubmit={submit} aria-label="The change to review" className="review-form">
        <fieldset className="inline-form">
          <legend>The change</legend>
          <label><input type="radio" name="mode" checked={mode === "paste"} onChange={() => setMode("paste")} /> Paste</label>
          <label><input type="radio" name="mode" checked={mode === "pick"} onChange={() => setMode("pick")} /> Pick a
            PR or ticket</label>
        </fieldset>
        {mode === "paste" ? (
          <textarea id="review-text" className="input review-text" rows={10} value={text} aria-label="Change text"
            placeholder="A PR description, a unified diff (git diff), or a design note"
            onChange={(e) => setText(e.target.value)} />
        ) : (
          <select className="input select" value={documentId} aria-label="Pull request or ticket"
            onChange={(e) => setDocumentId(e.target.value)}>
            <option value="">Choose…</option>
            {sources.state === "ok" && sources.data.map((d) => (
              <option key={d.id} value={d.id}>{d.kind === "pull_request" ? "PR" : "Ticket"}: {d.title ?? d.id}</option>
            ))}
          </select>
        )}
        <div className="inline-form">
          <label htmlFor="review-depth">Hops</label>
          <select id="review-depth" className="input select" value={depth} onChange={(e) => setDepth(Number(e.target.value))}>
            {[1, 2, 3].map((d) => <option key={d} value={d}>{d}</option>)}
          </select>
          <button type="submit" className="btn btn-primary" disabled={!ready}>Review</button>
        </div>
      </form>
      {review.state === "loading" && <Loading what="the review" />}
      {review.state === "error" && <ErrorNotice error={review.error} onRetry={reload} />}
      {review.state === "ok" && request && (
        <>
          <SaveReview request={request} />
          <ReviewResult review={review.data} />
        </>
      )}
      {recent.state === "ok" && recent.data.reviews.length > 0 && (
        <section aria-label="Saved reviews">
          <h2 className="section-title">Saved reviews</h2>
          <ul>{recent.data.reviews.map((r) => (
            <li key={r.id}><Link to={`/change-reviews/${encodeURIComponent(r.id)}`}>{r.title}</Link>{" "}
              <span className="muted">{new Date(r.created_at).toLocaleString()} · {r.matches} touched · {r.affected} affected</span></li>
          ))}</ul>
        </section>
      )}
    </div>
  );
}

export function StoredReviewScreen() {
  const { id = "" } = useParams();
  const [review, reload] = useApi((signal) => unwrap(api.GET("/api/change-reviews/{review_id}",
    { params: { path: { review_id: id } }, signal })), [id]);
  return (
    <div className="screen review-screen">
      <p><Link to="/change-reviews">← Change review</Link></p>
      <h1>Stored change review</h1>
      {review.state === "loading" && <Loading what="the review" />}
      {review.state === "error" && <ErrorNotice error={review.error} onRetry={reload} />}
      {review.state === "ok" && <ReviewResult review={review.data as ChangeReview} />}
    </div>
  );
}
