/** The evidence inspector for a radar selection: Evidence, Paths, Queries and Limitations tabs. */
import type { ImpactOut, PolicyDetail } from "../../api/types";
import { GradeTag } from "../../shared/GradeTag";
import { QueriesTable } from "../../shared/QueriesTable";
import type { RadarEdge, RadarModel } from "./radarModel";
import { EvidenceTab, type EvidenceRequest } from "./EvidenceTab";
import { limitations } from "./limitations";
import { relationWords } from "../../shared/links";
import { plainReasons } from "../../shared/reasons";
import { Tabs } from "../../shared/Tabs";

export type Selection = { kind: "edge"; id: string } | { kind: "node"; id: string };

function nameOf(model: RadarModel, id: string): string {
  return model.nodes.find((n) => n.id === id)?.name ?? id;
}

export function edgeLabel(model: RadarModel, e: RadarEdge): string {
  return `${nameOf(model, e.source)} ${relationWords(e.rel_type)} ${nameOf(model, e.target)}`;
}

function PathsTab({ impact, model, pathIdx }: { impact: ImpactOut; model: RadarModel; pathIdx: number[] }) {
  if (pathIdx.length === 0) return <p className="muted">No path goes through the selection.</p>;
  return (
    <ol className="path-list">
      {pathIdx.map((i) => {
        const path = impact.paths?.[i];
        if (!path) return null;
        return (
          <li key={i} className="path">
            <div className="path-head">
              To <strong>{path.entity_name ?? path.entity_id}</strong> · {path.hops.length} hop{path.hops.length === 1 ? "" : "s"}{" "}
              · <GradeTag grade={model.pathGrades[i] ?? "ungraded"} />
            </div>
            <ol className="hop-list">
              {path.hops.map((h, j) => (
                <li key={j}>
                  {h.source_name ?? h.source} <span className="rel">{relationWords(h.rel_type)}</span> {h.target_name ?? h.target}
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}

export function Inspector({ impact, model, selection, policy, onClose }: {
  impact: ImpactOut; model: RadarModel; selection: Selection; policy: PolicyDetail | null; onClose: () => void;
}) {
  const edges = selection.kind === "edge"
    ? model.edges.filter((e) => e.key === selection.id)
    : model.edges.filter((e) => e.source === selection.id || e.target === selection.id);
  const pathIdx = [...new Set(edges.flatMap((e) => e.paths))].sort((a, b) => a - b);
  const requests: EvidenceRequest[] = edges.map((e) => ({ label: edgeLabel(model, e), rel_type: e.rel_type,
    evidence_ids: e.evidence_ids }));
  const title = selection.kind === "edge" && edges[0] ? edgeLabel(model, edges[0]) : nameOf(model, selection.id);
  const grade = selection.kind === "edge" ? edges[0]?.grade : undefined;

  return (
    <aside className="inspector" aria-label="Evidence inspector" data-testid="inspector">
      <header className="inspector-head">
        <h2>{title} {grade && <GradeTag grade={grade} />}</h2>
        <button type="button" className="btn" onClick={onClose} aria-keyshortcuts="Escape">Close</button>
      </header>
      {grade && edges[0] && edges[0].reasons.length > 0 && (
        <p className="muted">Why this grade: {plainReasons(edges[0].reasons)}</p>
      )}
      <Tabs label="Inspector" tabs={[
        { id: "evidence", label: "Evidence", render: () => <EvidenceTab requests={requests} /> },
        { id: "paths", label: `Paths (${pathIdx.length})`, render: () => <PathsTab impact={impact} model={model} pathIdx={pathIdx} /> },
        { id: "queries", label: `Queries (${(impact.queries ?? []).length})`, render: () => <QueriesTable queries={impact.queries ?? []} /> },
        { id: "limits", label: "Limitations", render: () => (
          <ul className="limits">{limitations(impact, model, policy).map((l, i) => <li key={i}>{l}</li>)}</ul>
        ) },
      ]} />
    </aside>
  );
}
