/** A change review: what it touches, one merged radar (the radar feature's graph, lists and inspector), owners
 * and on-call, documents to re-read, what it cannot tell, and its Markdown for a PR comment. */
import { useMemo, useState } from "react";
import type { ChangeReview } from "../../api/types";
import { usePolicy } from "../../shared/PolicyContext";
import { Inspector, type Selection } from "../radar/Inspector";
import { RadarGraph } from "../radar/RadarGraph";
import { RadarLegend } from "../radar/RadarLegend";
import { RadarLists } from "../radar/RadarLists";
import { MarkdownExport } from "./MarkdownExport";
import { buildReviewRadar } from "./reviewRadar";
import { ByHop, Gaps, People, Reread, Touches } from "./ReviewSections";

export function ReviewResult({ review }: { review: ChangeReview }) {
  const { policy } = usePolicy();
  const { impact, model } = useMemo(() => buildReviewRadar(review), [review]);
  const [selection, setSelection] = useState<Selection | null>(null);
  const source = review.input;
  return (
    <article className="review-result" data-testid="review-result">
      <header>
        <h2>{source.title}</h2>
        <p className="muted">
          {source.kind === "document" ? `${source.source_type} ${source.document_id}` : source.kind}
          {" · "}{review.as_of ? `as of ${review.as_of}` : "as of now"} · depth {review.depth} · policy{" "}
          <strong>{review.policy.name}</strong>
          {review.id && <> · permalink <code>{review.id}</code></>}
        </p>
      </header>
      <section aria-label="What the change touches">
        <h3 className="section-title">What the change touches</h3>
        <Touches review={review} />
      </section>
      <section aria-label="What this review cannot tell">
        <details className="limits-box" open={review.gaps.length > 0}>
          <summary>What this review cannot tell ({review.gaps.length})</summary>
          <Gaps review={review} />
        </details>
      </section>
      {review.affected.length > 0 ? (
        <section aria-label="Affected systems">
          <h3 className="section-title">Affected systems</h3>
          <RadarLegend counts={model.counts} graded={model.graded} />
          <ByHop review={review} />
          <div className={selection ? "radar-layout with-inspector" : "radar-layout"}>
            <div className="radar-main">
              <RadarGraph model={model} selectedId={selection?.id ?? null}
                onSelect={(kind, id) => setSelection({ kind, id })} />
              <RadarLists model={model} onSelect={setSelection} selected={selection} />
            </div>
            {selection && (
              <Inspector impact={impact} model={model} selection={selection}
                policy={policy.state === "ok" ? policy.data : null} onClose={() => setSelection(null)} />
            )}
          </div>
        </section>
      ) : (
        <p className="notice">The graph records nothing downstream of what this change touches.</p>
      )}
      <section aria-label="Owners and on-call">
        <h3 className="section-title">Owners and on-call</h3>
        <People review={review} />
      </section>
      <section aria-label="Documents to re-read">
        <h3 className="section-title">Re-read</h3>
        <Reread review={review} />
      </section>
      <MarkdownExport review={review} />
    </article>
  );
}
