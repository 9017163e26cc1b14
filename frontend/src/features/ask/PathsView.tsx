/** How the answer was checked: each path's hops (entity names and the relation in words), each hop's grade and
 * the grader's reasons in plain words (codes and ids stay in the shown work). */
import type { GradedPath } from "../../api/types";
import { GradeTag } from "../../shared/GradeTag";
import { relationWords } from "../../shared/links";
import { plainReasons } from "../../shared/reasons";

export function PathsView({ paths, title = "How it was checked" }: { paths: GradedPath[]; title?: string }) {
  if (paths.length === 0) return null;
  return (
    <details className="paths-box">
      <summary>{title} ({paths.length} path{paths.length === 1 ? "" : "s"})</summary>
      <ol className="path-list">
        {paths.map((p, i) => (
          <li key={i} className={`path path-${p.grade}`}>
            <div className="path-head">
              {p.hops.length} hop{p.hops.length === 1 ? "" : "s"} · <GradeTag grade={p.grade} />
            </div>
            <ol className="hop-list">
              {p.hops.map((h, j) => (
                <li key={j} className={`hop hop-${h.grade}`}>
                  <strong>{h.source}</strong> {relationWords(h.rel_type)} <strong>{h.target}</strong>{" "}
                  <GradeTag grade={h.grade} />
                  {h.reasons.length > 0 && <span className="hop-reasons"> — {plainReasons(h.reasons)}</span>}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </details>
  );
}
