/**
 * One radar for a whole change (pure): every changed system on the inner ring (0), every affected entity on the
 * ring of its fewest hops from any of them, one edge per stored relation with its strongest grade. The model and
 * the path list have the radar feature's shapes, so its graph, lists and inspector draw and explain it as they
 * draw one entity's impact.
 */
import type { ChangeReview, ImpactOut, ImpactPath } from "../../api/types";
import { countGrades, edgeKey, type EdgeGrade, type RadarEdge, type RadarModel, type RadarNode } from "../radar/radarModel";

const STRENGTH: Record<EdgeGrade, number> = { ungraded: 0, insufficient: 1, inferred: 2, source_backed: 3 };

export interface ReviewRadar {
  impact: ImpactOut; // the merged paths and shown work, in the shape the inspector reads
  model: RadarModel;
}

function start(path: ImpactPath, changed: Set<string>): string | null {
  const first = path.hops[0];
  if (!first) return null;
  return changed.has(first.source) ? first.source : changed.has(first.target) ? first.target : null;
}

export function buildReviewRadar(review: ChangeReview): ReviewRadar {
  const changed = review.matches.filter((m) => m.system);
  const changedIds = new Set(changed.map((m) => m.entity_id));
  const nodes = new Map<string, RadarNode>(changed.map((m) => [m.entity_id,
    { id: m.entity_id, name: m.name, type: m.type, ring: 0 }]));
  const edges = new Map<string, RadarEdge>();
  const paths: ImpactPath[] = review.affected.flatMap((a) => a.paths);
  paths.forEach((path, i) => {
    let current = start(path, changedIds);
    if (current === null) return;
    path.hops.forEach((hop, j) => {
      current = hop.source === current ? hop.target : hop.source;
      const name = current === hop.target ? hop.target_name : hop.source_name;
      const known = nodes.get(current);
      if (!known) {
        nodes.set(current, { id: current, name: name ?? current, ring: j + 1,
          type: current === path.entity_id ? path.entity_type ?? null : null });
      } else if (j + 1 < known.ring) known.ring = j + 1;
      const key = edgeKey(hop.source, hop.rel_type, hop.target);
      let edge = edges.get(key);
      if (!edge) {
        edge = { key, source: hop.source, target: hop.target, rel_type: hop.rel_type, evidence_ids: hop.evidence_ids,
          grade: "ungraded", reasons: [], paths: [] };
        edges.set(key, edge);
      }
      const g = path.graded?.hops[j];
      if (g && g.rel_type === hop.rel_type && STRENGTH[g.grade] > STRENGTH[edge.grade]) {
        edge.grade = g.grade;
        edge.reasons = g.reasons;
      }
      edge.paths.push(i);
    });
  });
  const pathGrades: EdgeGrade[] = paths.map((p) => p.graded?.grade ?? "ungraded");
  const model: RadarModel = { anchor: null, nodes: [...nodes.values()], edges: [...edges.values()], pathGrades,
    counts: countGrades(pathGrades), graded: paths.some((p) => p.graded) };
  const impact: ImpactOut = {
    entity: review.input.title, depth: review.depth, outcome: "found", paths, rows: [], message: null,
    hop_grading: review.hop_grading, queries: review.queries, policy: review.policy,
    resolution: { outcome: "resolved", name: review.input.title, candidates: [], match: null, queries: [],
      policy: review.policy },
  };
  return { impact, model };
}
