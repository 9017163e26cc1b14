/** What they promised in meetings and chat: listed with its source, never offered for reassignment. */
import { Link } from "react-router";
import { documentHref } from "../../shared/links";
import { RowGradeTag } from "./RowGradeTag";
import type { Commitment } from "./types";

export function Commitments({ items, name }: { items: Commitment[]; name: string }) {
  return (
    <section className="commitments" aria-label="Commitments in meetings and chat" data-testid="commitments">
      <h3 className="section-title">Promised in meetings and chat ({items.length})</h3>
      <p className="muted">Listed so someone can follow up with {name}; ZEHN never reassigns these.</p>
      {items.length === 0 ? <p className="muted">No action item or promise of theirs is recorded.</p> : (
        <ul className="commitment-list">
          {items.map((c) => {
            const href = documentHref(c.document.id, c.start, c.end, c.evidence_id ?? undefined);
            const where = c.document.title ?? "an untitled document";
            return (
              <li key={`${c.document.id}-${c.start}`} className="commitment" data-testid="commitment">
                {c.kind === "action_item" && c.item ? (
                  <p>Action item: <strong>{c.item}</strong></p>
                ) : (
                  <blockquote className="source-quote">{c.text.trim()}</blockquote>
                )}
                <p className="muted">
                  {c.kind === "action_item" ? "From the action items of " : "Said in "}
                  <Link to={href}>{where}</Link>{c.document.updated ? ` (${c.document.updated.slice(0, 10)})` : ""}{" "}
                  <RowGradeTag grade={c.grade} />
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
