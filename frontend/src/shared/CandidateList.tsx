/** Ambiguity: every entity the name could mean, each a button that re-asks about that one entity. */
import type { Candidate } from "../api/types";

export function CandidatePicker({ candidates, onPick }: { candidates: Candidate[]; onPick?: (c: Candidate) => void }) {
  return (
    <section aria-label="Candidates">
      <h3 className="section-title">The name matches {candidates.length} entities. Which one do you mean?</h3>
      <ul className="candidate-list">
        {candidates.map((c) => (
          <li key={c.entity_id} className="candidate">
            {onPick ? (
              <button type="button" className="btn candidate-btn" onClick={() => onPick(c)}
                aria-label={`Ask about ${c.name}, the ${c.type}`}>
                <span className="candidate-name">{c.name}</span>
                <span className="type-tag">{c.type}</span>
              </button>
            ) : (
              <span className="candidate-static">
                <span className="candidate-name">{c.name}</span> <span className="type-tag">{c.type}</span>
              </span>
            )}
            <span className="candidate-meta">
              {c.documents} document{c.documents === 1 ? "" : "s"}
              {(c.sources ?? []).length > 0 && <> · {(c.sources ?? []).join(", ")}</>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
