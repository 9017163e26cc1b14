/** Shown work: every Cypher text that ran, with its parameters, row count and time. */
import type { QueryRecord } from "../api/types";
import { compact } from "./compact";

function ms(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : `${value.toFixed(1)} ms`;
}

export function QueriesTable({ queries }: { queries: QueryRecord[] }) {
  if (queries.length === 0) return <p className="muted">No query ran.</p>;
  return (
    <ol className="query-list">
      {queries.map((q, i) => (
        <li key={i} className="query">
          <div className="query-head">
            <strong>{q.name}</strong> · {q.rows} row{q.rows === 1 ? "" : "s"} · server {ms(q.run_time_ms)} · wall{" "}
            {ms(q.wall_ms)}
            {"error" in q && q.error ? <span className="query-error"> · failed: {q.error}</span> : null}
          </div>
          <pre className="cypher" tabIndex={0} aria-label={`Cypher of ${q.name}`}>{q.cypher}</pre>
          <pre className="params" tabIndex={0} aria-label={`Parameters of ${q.name}`}>{compact(q.params, 1)}</pre>
        </li>
      ))}
    </ol>
  );
}
