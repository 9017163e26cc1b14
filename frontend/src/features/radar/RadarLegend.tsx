/** The radar's counts up front ("12 paths, 11 inferred") and a legend of how each grade is drawn (folded away on a
 * narrow screen, so the graph is on a phone's first screen). */
import { useEffect, useState } from "react";
import type { GradeCounts } from "./radarModel";
import { summarize } from "./radarModel";

const ITEMS: { key: keyof Omit<GradeCounts, "paths">; label: string; explain: string }[] = [
  { key: "source_backed", label: "Source-backed", explain: "solid: a cited sentence states this hop" },
  { key: "inferred", label: "⚠ Inferred", explain: "dashed: read from a sentence that does not state it plainly" },
  { key: "insufficient", label: "Insufficient", explain: "greyed: no sentence supports it well enough" },
  { key: "ungraded", label: "Ungraded", explain: "dotted: the hop was not graded" },
];

const WIDE = "(min-width: 761px)";

/** Whether the window is wide (the legend starts open there, folded on a phone), following window resizes. */
function useWide(): boolean {
  const [query] = useState(() => (typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(WIDE) : null));
  const [wide, setWide] = useState(query ? query.matches : true);
  useEffect(() => {
    if (!query) return;
    const change = () => setWide(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, [query]);
  return wide;
}

export function RadarLegend({ counts, graded }: { counts: GradeCounts; graded: boolean }) {
  const wide = useWide();
  return (
    <section className="legend" aria-label="Grade counts and legend">
      <p className="legend-summary" data-testid="grade-summary">{summarize(counts)}</p>
      {!graded && counts.paths > 0 && (
        <p className="notice notice-warn">
          These paths were not hop-graded by the API, so no edge is shown as source-backed. Open an edge to read its
          sentences and judge them yourself.
        </p>
      )}
      <details className="legend-details" open={wide} key={String(wide)}>
        <summary>How edges are drawn</summary>
        <ul className="legend-list">
          {ITEMS.map((item) => (
            <li key={item.key} className="legend-item" data-testid={`legend-${item.key}`}>
              <span className={`legend-line line-${item.key}`} aria-hidden="true" />
              <span className="legend-label">{item.label}</span>
              <span className="legend-count">{counts[item.key]}</span>
              <span className="legend-explain">{item.explain}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
