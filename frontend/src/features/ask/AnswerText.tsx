/**
 * The answer's text (generated, so never in quote style), with each inline evidence marker "[ev_…]" turned into a
 * small chip that opens the cited range, numbered like the source list.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Citation } from "../api/types";
import { documentHref } from "./links";

const MARKER = /\[(ev_[0-9a-f]{6,64})\]/g;

export function AnswerText({ text, citations }: { text: string; citations: Citation[] }) {
  const index = new Map(citations.map((c, i) => [c.evidence_id, { c, n: i + 1 }]));
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(MARKER)) {
    const id = m[1] ?? "";
    parts.push(text.slice(at, m.index));
    const hit = index.get(id);
    parts.push(hit ? (
      <Link key={m.index} to={documentHref(hit.c.document_id, hit.c.start, hit.c.end, id)} className="chip chip-inline"
        data-testid="inline-citation" aria-label={`Source ${hit.n}: ${hit.c.document_title}`} title={id}>
        {hit.n}
      </Link>
    ) : (
      <code key={m.index} className="uncited-id" title="not among the citations">{m[0]}</code>
    ));
    at = (m.index ?? 0) + m[0].length;
  }
  parts.push(text.slice(at));
  return <p className="answer-text">{parts}</p>;
}
