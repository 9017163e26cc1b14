/** One evidence sentence (a verbatim slice of its document) with the relation's words highlighted. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { EvidenceOut } from "../api/types";
import { documentHref } from "./links";

type Role = "subject" | "predicate" | "object";
interface Span { start: number; end: number; role: Role }

function asPair(v: unknown): [number, number] | null {
  return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number") ? [v[0] as number, v[1] as number] : null;
}

/**
 * Sentence-relative spans of the relation with this predicate. `relations` carries `<role>_at` (document offsets)
 * and `<role>_span` (sentence offsets); either is accepted, and a span that does not fit the sentence is dropped.
 */
export function relationSpans(ev: EvidenceOut, relType?: string): Span[] {
  const spans: Span[] = [];
  const fits = (s: number, e: number) => s >= 0 && e <= ev.text.length && s < e;
  for (const rel of ev.relations ?? []) {
    if (relType && rel.rel_type !== relType) continue;
    for (const role of ["subject", "predicate", "object"] as Role[]) {
      const at = asPair(rel[`${role}_at`]);
      const local = asPair(rel[`${role}_span`]);
      const pair = at ? [at[0] - ev.start, at[1] - ev.start]
        : local && fits(local[0], local[1]) ? local
        : local ? [local[0] - ev.start, local[1] - ev.start] : null;
      if (!pair) continue;
      const [s, e] = pair as [number, number];
      if (fits(s, e) && !spans.some((x) => x.start < e && s < x.end)) spans.push({ start: s, end: e, role });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

export function EvidenceSentence({ ev, relType }: { ev: EvidenceOut; relType?: string }) {
  const spans = relationSpans(ev, relType);
  const parts: ReactNode[] = [];
  let at = 0;
  spans.forEach((sp, i) => {
    if (sp.start > at) parts.push(ev.text.slice(at, sp.start));
    parts.push(<mark key={i} className={`span span-${sp.role}`} title={sp.role}>{ev.text.slice(sp.start, sp.end)}</mark>);
    at = sp.end;
  });
  parts.push(ev.text.slice(at));
  return (
    <figure className="evidence" data-testid="evidence-sentence">
      <blockquote className="source-quote">{parts}</blockquote>
      <figcaption>
        <Link to={documentHref(ev.document_id, ev.start, ev.end, ev.id)} data-testid="evidence-doc-link">
          {ev.document_title}
        </Link>{" "}
        <span className="muted">· characters {ev.start}–{ev.end} · {ev.kind}</span>
      </figcaption>
    </figure>
  );
}
