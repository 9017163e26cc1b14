/** A citation: a chip linking to the exact range in its document, and the verbatim source sentence as a quote. */
import { Link } from "react-router";
import type { Citation } from "../../api/types";
import { documentHref } from "../../shared/links";
import { quoteText } from "./answerText";

export function CitationChip({ citation, index, answerId }: { citation: Citation; index: number; answerId?: string }) {
  const href = documentHref(citation.document_id, citation.start, citation.end, citation.evidence_id, answerId);
  return (
    <Link to={href} className="chip" data-testid="citation-chip"
      aria-label={`Citation ${index}: ${citation.document_title}, characters ${citation.start} to ${citation.end}`}>
      <span className="chip-index">{index}</span>
      <span className="chip-title">{citation.document_title}</span>
    </Link>
  );
}

/** Citation.text is exactly document.text[start:end], so it (and only it) may be shown in quote style (less a
 * leading Markdown list or heading marker, see quoteText). */
export function CitationList({ citations, answerId }: { citations: Citation[]; answerId?: string }) {
  if (citations.length === 0) return null;
  return (
    <section className="citations" aria-label="Citations">
      <h3 className="section-title">Sources ({citations.length})</h3>
      <ol className="citation-list">
        {citations.map((c, i) => (
          <li key={`${c.evidence_id}-${i}`} className="citation-item">
            <CitationChip citation={c} index={i + 1} answerId={answerId} />
            <blockquote className="source-quote" cite={documentHref(c.document_id, c.start, c.end)}>
              {quoteText(c.text)}
            </blockquote>
            {c.source?.kind === "conversation" && (
              <span className="badge badge-said" data-testid="said-in">{c.source.label}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
