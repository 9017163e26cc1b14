/** Graded paths: each hop's relation (a predicate, never quoted as text), its grade and the grader's reasons. */
import type { GradedPath } from "../api/types";
import { GradeTag } from "./GradeTag";

export function PathsView({ paths, title = "Paths" }: { paths: GradedPath[]; title?: string }) {
  if (paths.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="section-title">{title} ({paths.length})</h3>
      <ol className="path-list">
        {paths.map((p, i) => (
          <li key={i} className={`path path-${p.grade}`}>
            <div className="path-head">
              Path {i + 1} · {p.hops.length} hop{p.hops.length === 1 ? "" : "s"} · <GradeTag grade={p.grade} />
            </div>
            <ol className="hop-list">
              {p.hops.map((h, j) => (
                <li key={j} className={`hop hop-${h.grade}`}>
                  <code>{h.source}</code> <span className="rel">{h.rel_type}</span> <code>{h.target}</code>{" "}
                  <GradeTag grade={h.grade} />
                  {h.reasons.length > 0 && <span className="hop-reasons"> — {h.reasons.join("; ")}</span>}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}
