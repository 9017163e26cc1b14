/**
 * An answer's text as a person reads it (pure). The server's text carries machine parts that belong in the
 * inspector, not in the answer; in check order:
 *
 * 1. status trailers ("[answered] citing 2 of 2 retrieved evidence ids", "[abstained] 0 evidence ids retrieved")
 *    are dropped: the status badge says it;
 * 2. evidence markers "[ev_…]" become numbered citation links ("#cite-<id>"), rendered as chips;
 * 3. entity ids ("customer:atlas") become the entity's name (or go, after a name that already says it);
 * 4. document ids become their titles (from the citations);
 * 5. grader reason codes ("cooccurrence_only", "signal:not") become plain words;
 * 6. predicate constants ("DEPENDS_ON") become words ("depends on");
 * 7. a quoted list item or heading loses its Markdown marker (“- Owner: …” reads “Owner: …”).
 * Lists stay Markdown ("- item"): the renderer draws them, so no literal bullet reaches the page.
 */
import type { Answer } from "../../api/types";
import { plainReason } from "../../shared/reasons";

const TRAILER = /^[ \t]*\[(?:answered|abstained|refused)\][^\n]*(?:\n|$)/gim;
const MARKER = /\[(ev_[0-9a-f]{6,64})\]/g;
const ENTITY_TYPES = "person|team|service|component|customer|organization|project|ticket|technology|page";
const ENTITY_ID = new RegExp(`\\b(?:${ENTITY_TYPES}):[a-z0-9][a-z0-9-]*`, "g");
const ID_AFTER_TYPE = new RegExp(`(\\((?:[A-Z][a-z]+)),\\s*(?:${ENTITY_TYPES}):[a-z0-9][a-z0-9-]*\\)`, "g");
const CODE_WITH_DETAIL = /\b(?:predicate_on_path|different_predicate|metadata_field|binding_failed|unknown_rel_type|signal):[\w-]+/g;
const BARE_CODE = /\b(?:cooccurrence_only|direction_reversed|plan_or_future|clause_boundary|no_evidence)\b/g;
const CONSTANT = /\b[A-Z]{2,}(?:_[A-Z]{2,})+\b/g;
const QUOTED_MARKER = /([“"])\s*(?:[-*+]|\d{1,3}[.)]|#{1,6}|>)\s+/g;
const BLOCK_MARKER = /^\s*(?:[-*+]|\d{1,3}[.)]|#{1,6}|>)\s+/;

/**
 * A verbatim source sentence as shown in quote style: its characters exactly, except the Markdown marker that
 * opens a list item, heading or quoted line ("- ", "## "): that is layout, not what the sentence says.
 */
export function quoteText(text: string): string {
  return text.replace(BLOCK_MARKER, "");
}

export const CITE_PREFIX = "#cite-";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function displayText(answer: Pick<Answer, "text" | "citations" | "candidates">): string {
  const citations = answer.citations ?? [];
  const numbers = new Map(citations.map((c, i) => [c.evidence_id, i + 1]));
  const names = new Map((answer.candidates ?? []).map((c) => [c.entity_id, c.name]));
  let text = answer.text.replace(TRAILER, "");
  text = text.replace(MARKER, (_m, id: string) => {
    const n = numbers.get(id);
    return n ? `[${n}](${CITE_PREFIX}${id})` : "";
  });
  text = text.replace(ID_AFTER_TYPE, "$1)");
  text = text.replace(ENTITY_ID, (id) => names.get(id) ?? id.slice(id.indexOf(":") + 1));
  for (const c of citations) {
    if (c.document_title && c.document_id !== c.document_title) {
      text = text.replace(new RegExp(`\\b${escapeRegExp(c.document_id)}\\b`, "g"), `“${c.document_title}”`);
    }
  }
  text = text.replace(CODE_WITH_DETAIL, (code) => plainReason(code)).replace(BARE_CODE, (code) => plainReason(code));
  text = text.replace(CONSTANT, (c) => c.toLowerCase().replace(/_/g, " "));
  text = text.replace(QUOTED_MARKER, "$1");
  return text.replace(/[ \t]+\n/g, "\n").trim();
}

/** Patterns that must never appear in a rendered answer (the e2e and component tests scan for them). */
export const INTERNAL_TOKENS: RegExp[] = [
  /\[(?:answered|abstained|refused)\]/i,
  /\bev_[0-9a-f]{16}\b/,
  new RegExp(`\\b(?:${ENTITY_TYPES}):[a-z0-9][a-z0-9-]*`),
  /\b(?:predicate_on_path|different_predicate|cooccurrence_only|direction_reversed|plan_or_future|binding_failed|metadata_field|clause_boundary)\b/,
  /\bsignal:/,
  /(?:^|\n)\s*- /,
];
