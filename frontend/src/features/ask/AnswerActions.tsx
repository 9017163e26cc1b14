/** What a person does with an answer: copy it (text, sources and link), open its permalink, open its radar. */
import { useState } from "react";
import { Link } from "react-router";
import type { Answer } from "../../api/types";
import { answerHref, radarHref } from "../../shared/links";
import { displayText } from "./answerText";

/** The answer as plain text for the clipboard: question, text, numbered sources with their quotes, the link. */
export function answerAsText(answer: Answer, origin: string): string {
  const body = displayText(answer).replace(/\[(\d+)\]\(#cite-[^)]*\)/g, "[$1]");
  const sources = (answer.citations ?? []).map((c, i) => `[${i + 1}] ${c.document_title}: “${c.text}”`);
  const link = answer.status === "unavailable" ? [] : [`${origin}${answerHref(answer.id)}`];
  return [`Q: ${answer.question}`, "", body, ...(sources.length ? ["", "Sources:", ...sources] : []),
    ...(link.length ? ["", ...link] : [])].join("\n");
}

/** The radar behind a "what breaks" answer: the entity its `impact` query walked from, and how far. */
export function impactTarget(answer: Answer): { name: string; id: string; depth: number } | null {
  const q = (answer.queries ?? []).find((r) => r.name === "impact" && typeof r.params.entity_id === "string");
  if (!q) return null;
  const id = String(q.params.entity_id);
  const depth = Number(/\*1\.\.(\d)/.exec(q.cypher)?.[1] ?? 3);
  const named = (answer.paths ?? []).flatMap((p) => p.hops.map((h) => h.target));
  const slug = id.slice(id.indexOf(":") + 1);
  const name = named.find((n) => n.toLowerCase().replace(/[^a-z0-9]+/g, "-") === slug) ?? slug;
  return { name, id, depth };
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

export function AnswerActions({ answer, permalink = true }: { answer: Answer; permalink?: boolean }) {
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  const impact = impactTarget(answer);
  const copy = () => {
    copyText(answerAsText(answer, window.location.origin)).then(() => setCopied("done"), () => setCopied("failed"));
  };
  return (
    <div className="answer-actions">
      <button type="button" className="btn btn-small" onClick={copy}>Copy</button>
      {permalink && answer.status !== "unavailable" && (
        <Link className="btn btn-small" to={answerHref(answer.id)} data-testid="permalink">Permalink</Link>
      )}
      {impact && (
        <Link className="btn btn-small" to={radarHref(impact.name, impact.id, impact.depth)} data-testid="radar-link">
          Open in impact radar
        </Link>
      )}
      <span role="status" className="muted">{copied === "done" ? "Copied" : copied === "failed" ? "Could not copy" : ""}</span>
    </div>
  );
}
