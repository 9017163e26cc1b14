/**
 * The impact radar as data (pure): the anchor at the centre, every affected entity on the ring of its shortest hop
 * distance (1..3), one edge per stored relation (source, rel_type, target) with its grade, and grade counts.
 */
import type { ImpactOut, ImpactPath } from "../../api/types";

export type EdgeGrade = "source_backed" | "inferred" | "insufficient" | "ungraded";

export interface RadarNode {
  id: string;
  name: string;
  type: string | null;
  ring: number; // 0 = the anchor
}

export interface RadarEdge {
  key: string;
  source: string;
  target: string;
  rel_type: string;
  evidence_ids: string[];
  grade: EdgeGrade;
  reasons: string[];
  paths: number[]; // indices into ImpactOut.paths
}

export interface GradeCounts {
  paths: number;
  source_backed: number;
  inferred: number;
  insufficient: number;
  ungraded: number;
}

export interface RadarModel {
  anchor: RadarNode | null;
  nodes: RadarNode[];
  edges: RadarEdge[];
  pathGrades: EdgeGrade[];
  counts: GradeCounts;
  graded: boolean;
}

const STRENGTH: Record<EdgeGrade, number> = { ungraded: 0, insufficient: 1, inferred: 2, source_backed: 3 };

export const edgeKey = (source: string, rel: string, target: string) => `${source}|${rel}|${target}`;

function walk(path: ImpactPath, anchorId: string): string[] {
  const order = [anchorId];
  let current = anchorId;
  for (const hop of path.hops) {
    current = hop.source === current ? hop.target : hop.source;
    order.push(current);
  }
  return order;
}

export function countGrades(grades: EdgeGrade[]): GradeCounts {
  const counts: GradeCounts = { paths: grades.length, source_backed: 0, inferred: 0, insufficient: 0, ungraded: 0 };
  for (const g of grades) counts[g] += 1;
  return counts;
}

/** "12 paths, 11 inferred": the counts up front, in words. */
export function summarize(counts: GradeCounts): string {
  const parts = [`${counts.paths} path${counts.paths === 1 ? "" : "s"}`];
  if (counts.source_backed) parts.push(`${counts.source_backed} source-backed`);
  if (counts.inferred) parts.push(`${counts.inferred} inferred`);
  if (counts.insufficient) parts.push(`${counts.insufficient} insufficient`);
  if (counts.ungraded) parts.push(`${counts.ungraded} ungraded`);
  return parts.join(", ");
}

export function buildRadar(impact: ImpactOut): RadarModel {
  const subject = impact.resolution.outcome === "resolved" ? impact.resolution.candidates[0] : undefined;
  const paths = impact.paths ?? [];
  const graded = paths.some((p) => p.graded);
  const nodes = new Map<string, RadarNode>();
  const edges = new Map<string, RadarEdge>();
  const anchor = subject ? { id: subject.id, name: subject.name, type: subject.type, ring: 0 } : null;
  if (anchor) nodes.set(anchor.id, anchor);

  paths.forEach((path, i) => {
    const order = anchor ? walk(path, anchor.id) : [];
    const names = new Map<string, string>();
    for (const hop of path.hops) {
      names.set(hop.source, hop.source_name ?? hop.source);
      names.set(hop.target, hop.target_name ?? hop.target);
    }
    order.forEach((id, ring) => {
      const known = nodes.get(id);
      if (!known) {
        const isEnd = id === path.entity_id;
        nodes.set(id, { id, name: names.get(id) ?? id, type: isEnd ? path.entity_type ?? null : null, ring });
      } else if (ring < known.ring) known.ring = ring;
    });
    path.hops.forEach((hop, j) => {
      const key = edgeKey(hop.source, hop.rel_type, hop.target);
      // path.graded.hops is the same walk, hop for hop (named by entity name rather than id).
      const g = path.graded?.hops[j];
      let edge = edges.get(key);
      if (!edge) {
        edge = { key, source: hop.source, target: hop.target, rel_type: hop.rel_type, evidence_ids: hop.evidence_ids,
          grade: "ungraded", reasons: [], paths: [] };
        edges.set(key, edge);
      }
      if (g && g.rel_type === hop.rel_type && STRENGTH[g.grade] > STRENGTH[edge.grade]) {
        edge.grade = g.grade;
        edge.reasons = g.reasons;
      }
      edge.paths.push(i);
    });
  });

  const pathGrades: EdgeGrade[] = paths.map((p) => p.graded?.grade ?? "ungraded");
  return { anchor, nodes: [...nodes.values()], edges: [...edges.values()], pathGrades, counts: countGrades(pathGrades), graded };
}

export interface PathFilter {
  relTypes: ReadonlySet<string> | null; // null: every predicate
  grades: ReadonlySet<EdgeGrade>;
  limit: number;
}

export const ALL_GRADES: EdgeGrade[] = ["source_backed", "inferred", "insufficient", "ungraded"];

/** Every predicate on the impact's paths, most frequent first. */
export function relTypesOf(impact: ImpactOut): string[] {
  const counts = new Map<string, number>();
  for (const p of impact.paths ?? []) for (const h of p.hops) counts.set(h.rel_type, (counts.get(h.rel_type) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}

/**
 * The paths to draw: those whose grade is wanted and whose every hop uses a wanted predicate, strongest and
 * shortest first, at most `limit` of them; `hidden` says how many more the filter lets through.
 */
export function filterImpact(impact: ImpactOut, f: PathFilter): { impact: ImpactOut; shown: number; hidden: number } {
  const strength = (p: ImpactPath) => STRENGTH[p.graded?.grade ?? "ungraded"];
  const kept = (impact.paths ?? [])
    .filter((p) => f.grades.has(p.graded?.grade ?? "ungraded"))
    .filter((p) => !f.relTypes || p.hops.every((h) => f.relTypes?.has(h.rel_type)))
    .sort((a, b) => strength(b) - strength(a) || a.hops.length - b.hops.length);
  const shown = kept.slice(0, f.limit);
  return { impact: { ...impact, paths: shown }, shown: shown.length, hidden: kept.length - shown.length };
}
