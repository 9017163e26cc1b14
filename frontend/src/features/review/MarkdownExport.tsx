/** The review as Markdown for a PR comment, rendered by the API (every line cited), shown to copy. */
import { useState } from "react";
import { api, unwrap } from "../../api/client";
import type { ChangeReview } from "../../api/types";
import { ErrorNotice } from "../../shared/ErrorNotice";

export function MarkdownExport({ review }: { review: ChangeReview }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = async () => {
    setError(null);
    try {
      const got = review.id
        ? api.GET("/api/change-reviews/{review_id}/markdown", { params: { path: { review_id: review.id } },
          parseAs: "text" })
        : api.POST("/api/change-reviews/markdown", { body: review, parseAs: "text" });
      setText(String(await unwrap(got)));
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section aria-label="Markdown for a PR comment" className="review-markdown">
      <h3 className="section-title">For the pull request</h3>
      {text === null ? (
        <button type="button" className="btn" onClick={load}>Show as Markdown</button>
      ) : (
        <>
          <textarea className="input markdown-out" readOnly value={text} rows={14} aria-label="Markdown"
            data-testid="review-markdown" />
          <button type="button" className="btn" onClick={() => void navigator.clipboard?.writeText(text)}>Copy</button>
        </>
      )}
      {error !== null && <ErrorNotice error={error} onRetry={load} />}
    </section>
  );
}
