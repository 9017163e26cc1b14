/** A stored answer whose cited sentences changed since: each change as a word diff (old and new are verbatim
 * pieces of their versions), and a way to ask again. */
import { Link } from "react-router";
import type { Answer, DiffPart } from "../../api/types";

function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="diff" data-testid="stale-diff">
      {parts.map((p, i) => p.op === "equal" ? <span key={i}>{p.text}</span>
        : p.op === "removed" ? <del key={i} className="diff-removed">{p.text}</del>
          : <ins key={i} className="diff-added">{p.text}</ins>)}
    </p>
  );
}

export function StaleNotice({ answer }: { answer: Answer }) {
  const reasons = answer.stale_reasons ?? [];
  if (!answer.stale) return null;
  return (
    <section className="notice notice-warn stale-notice" aria-label="This answer is stale" data-testid="stale-notice">
      <strong>Stale:</strong> {reasons.length === 1 ? "a sentence it cites has" : `${reasons.length} sentences it cites have`}{" "}
      changed or been removed since it was answered.
      <ul>
        {reasons.map((r) => (
          <li key={r.evidence_id}>
            {r.change === "removed" ? <>Removed{r.closed_at && ` (${new Date(r.closed_at).toLocaleString()})`}:
              <blockquote className="source-quote diff-removed">{r.old_text}</blockquote></>
              : <>Changed{r.closed_at && ` (${new Date(r.closed_at).toLocaleString()})`}: <Diff parts={r.diff ?? []} /></>}
          </li>
        ))}
      </ul>
      <Link className="btn" to={`/?ask=${encodeURIComponent(answer.question)}`}>Re-ask</Link>
    </section>
  );
}
