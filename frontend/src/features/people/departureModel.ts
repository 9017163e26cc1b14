/**
 * "What if they leave" as data (pure), drawn like the impact radar: the person at the centre, each row's subject on
 * the ring of the depth that adds its section (1 open work; 2 waiting customers and sole-expert components;
 * 3 possible successors), every stored relation on a row's path as an edge. An edge is drawn by what it rests on:
 * a handed-off assignment by its approval record, an edge with no evidence id as insufficient, any other edge with
 * the grade of the strongest row it serves (source-backed, else inferred). An approved hand-off of an open item
 * adds its stored edge to the new holder, drawn as an approval record.
 */
import type { DepartureOut, DepartureRow, PathOut, RowGrade, Section } from "./types";

export type EdgeGrade = "source_backed" | "inferred" | "insufficient" | "approval_record";

export const SECTIONS: Section[] = ["open_work", "customers", "sole_expert_components", "successors"];

/** The depth (1..3) whose query first adds this section. */
export const SECTION_DEPTH: Record<Section, number> = {
  open_work: 1, customers: 2, sole_expert_components: 2, successors: 3,
};

export const SECTION_TITLE: Record<Section, string> = {
  open_work: "Open work",
  customers: "Customers waiting on it",
  sole_expert_components: "Components only they know",
  successors: "Possible successors",
};

export interface RowRef {
  key: string; // `${section}:${index}`
  section: Section;
  row: DepartureRow;
}

export interface PeopleNode {
  id: string;
  name: string;
  type: string | null;
  ring: number; // 0 = the person
}

export interface PeopleEdge {
  key: string;
  source: string;
  target: string;
  rel_type: string;
  evidence_ids: string[];
  grade: EdgeGrade;
  approval_id: string | null;
  rows: string[]; // RowRef keys
}

export interface DepartureGraph {
  anchor: PeopleNode | null;
  nodes: PeopleNode[];
  edges: PeopleEdge[];
  rows: RowRef[];
  counts: Record<EdgeGrade, number>;
}

const STRENGTH: Record<EdgeGrade, number> = { insufficient: 0, inferred: 1, source_backed: 2, approval_record: 3 };

export const edgeKey = (source: string, rel: string, target: string) => `${source}|${rel}|${target}`;

export function rowsOf(d: DepartureOut): RowRef[] {
  const out: RowRef[] = [];
  for (const section of SECTIONS) {
    const rows = (d[section] ?? []) as DepartureRow[];
    rows.forEach((row, i) => out.push({ key: `${section}:${i}`, section, row }));
  }
  return out;
}

/** Every path a row rests on: its main path, then the others it lists (duplicates dropped). */
export function pathsOf(row: DepartureRow): PathOut[] {
  const more = "paths" in row ? row.paths : [];
  const seen = new Set<string>();
  return [row.path, ...more].filter((p) => {
    const k = p.node_ids.join(">") + p.rel_types.join(">");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function edgeGrade(rowGrade: RowGrade, via: string, evidence: string[]): EdgeGrade {
  if (via === "handoff") return "approval_record";
  if (evidence.length === 0) return "insufficient";
  return rowGrade === "source_backed" ? "source_backed" : "inferred";
}

/** A readable name for an id: the name a path gave it, else the part after "type:" ("component:x" -> "x"). */
export function namer(d: DepartureOut): (id: string) => string {
  const names = new Map<string, string>();
  if (d.person) names.set(d.person.id, d.person.name);
  for (const { row } of rowsOf(d)) {
    names.set(row.entity.id, row.entity.name);
    for (const p of pathsOf(row)) p.node_ids.forEach((id, i) => names.set(id, p.names[i] ?? id));
    if (row.section === "open_work") {
      for (const h of [...(row.handed_off_to ?? []), ...(row.received ? [row.received] : [])]) names.set(h.to.id, h.to.name);
    }
  }
  return (id: string) => names.get(id) ?? plainId(id);
}

export const plainId = (id: string) => (id.includes(":") ? id.slice(id.indexOf(":") + 1) : id);

export function buildDepartureGraph(d: DepartureOut): DepartureGraph {
  const rows = rowsOf(d);
  const anchor = d.person ? { id: d.person.id, name: d.person.name, type: "Person", ring: 0 } : null;
  const nodes = new Map<string, PeopleNode>();
  const edges = new Map<string, PeopleEdge>();
  if (anchor) nodes.set(anchor.id, anchor);
  for (const ref of rows) {
    const ring = SECTION_DEPTH[ref.section];
    for (const p of pathsOf(ref.row)) {
      p.node_ids.forEach((id, i) => {
        const known = nodes.get(id);
        if (!known) nodes.set(id, { id, name: p.names[i] ?? id, type: p.types[i] ?? null, ring });
        else if (ring < known.ring) known.ring = ring;
      });
      for (const e of p.edges) {
        const key = edgeKey(e.source, e.rel_type, e.target);
        const grade = edgeGrade(ref.row.grade, e.via, e.evidence_ids);
        const known = edges.get(key);
        if (!known) {
          edges.set(key, { key, source: e.source, target: e.target, rel_type: e.rel_type, evidence_ids: e.evidence_ids,
            grade, approval_id: e.approval_id ?? null, rows: [ref.key] });
        } else {
          if (STRENGTH[grade] > STRENGTH[known.grade]) known.grade = grade;
          if (!known.rows.includes(ref.key)) known.rows.push(ref.key);
        }
      }
    }
    // A hand-off approved for the item: the stored HANDED_OFF_TO edge, drawn as the approval record it cites.
    if (ref.row.section === "open_work") {
      for (const h of ref.row.handed_off_to ?? []) {
        if (!nodes.has(h.to.id)) nodes.set(h.to.id, { id: h.to.id, name: h.to.name, type: "Person", ring });
        const key = edgeKey(ref.row.item.id, "HANDED_OFF_TO", h.to.id);
        if (!edges.has(key)) {
          edges.set(key, { key, source: ref.row.item.id, target: h.to.id, rel_type: "HANDED_OFF_TO", evidence_ids: [],
            grade: "approval_record", approval_id: h.approval_id, rows: [ref.key] });
        }
      }
    }
  }
  const counts: Record<EdgeGrade, number> = { source_backed: 0, inferred: 0, insufficient: 0, approval_record: 0 };
  for (const e of edges.values()) counts[e.grade] += 1;
  return { anchor, nodes: [...nodes.values()], edges: [...edges.values()], rows, counts };
}

/** The rows a graph selection concerns: a node's rows (it is their subject or on their path), an edge's rows. */
export function rowsFor(graph: DepartureGraph, selection: { kind: "node" | "edge" | "row"; id: string }): RowRef[] {
  if (selection.kind === "row") return graph.rows.filter((r) => r.key === selection.id);
  if (selection.kind === "edge") {
    const keys = graph.edges.find((e) => e.key === selection.id)?.rows ?? [];
    return graph.rows.filter((r) => keys.includes(r.key));
  }
  const subject = graph.rows.filter((r) => r.row.entity.id === selection.id);
  if (subject.length > 0) return subject;
  return graph.rows.filter((r) => pathsOf(r.row).some((p) => p.node_ids.includes(selection.id)));
}
