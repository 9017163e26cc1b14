/** Test data shaped exactly like the API's models (typed by the generated schema). */
import type { Answer, Citation, Grade, GraphHealth, HealthOut, ImpactOut, PolicyOut } from "../api/types";

export const policy: PolicyOut = { name: "default", hash: "a".repeat(64), evaluation_mode: false };

export const citation: Citation = {
  evidence_id: "ev_0123456789abcdef",
  document_id: "lark_confluence_platform-architecture",
  document_title: "Platform architecture",
  start: 812,
  end: 845,
  text: "The Routing team owns geo-index.",
};

export function makeAnswer(overrides: Partial<Answer> = {}): Answer {
  return {
    id: "ans_1", question: "Who owns geo-index?", status: "answered", text: "The Routing team owns geo-index [1].",
    reason: null, offending: [], citations: [citation], retrieved_evidence_ids: [citation.evidence_id], paths: [],
    candidates: [], queries: [], policy, mode: "deterministic", timings: {}, created_at: "2026-03-20T10:00:00+00:00",
    conversation_only: false, stale: false, stale_reasons: [],
    ...overrides,
  };
}

export const reachableGraph: GraphHealth = {
  name: "zehn", reachable: true, error: null, kind: null, exists: true, labels: { Document: 26, Chunk: 120 },
  rel_types: { DEPENDS_ON: 9 }, relates: 60, relates_with_evidence: 60, evidence_share: 1, last_ingest: null,
};

export function makeHealth(graph: GraphHealth): HealthOut {
  return { status: graph.reachable ? "ready" : "unavailable", api: { status: "ok", version: "0.1.0" }, graph, policy,
    answer_mode: "deterministic", supervisor: null };
}

/** An impact result over three paths; `graded: false` strips the hop grades (a service without spaCy). */
export function makeImpact(overrides: Partial<ImpactOut> = {}, { graded: withGrades = true } = {}): ImpactOut {
  const hop = (source: string, target: string, rel = "DEPENDS_ON", ev = [`ev_${source}`]) => ({
    source, source_name: source.split(":")[1] ?? source, rel_type: rel, target, target_name: target.split(":")[1] ?? target,
    evidence_ids: ev,
  });
  const graded = (source: string, target: string, rel_type: string, grade: Grade, reasons: string[] = []) => ({
    source, rel_type, target, evidence_id: `ev_${source}`, grade, reasons, read_at: "ingest" as const,
  });
  const impact: ImpactOut = {
    entity: "geo-index", depth: 3, outcome: "found",
    resolution: { outcome: "resolved", name: "geo-index", match: null, queries: [], policy,
      candidates: [{ id: "service:geo-index", name: "geo-index", type: "Service", doc_count: 5, relation_count: 6, sample_sources: [], score: null }] },
    paths: [
      { entity_id: "service:rate-engine", entity_name: "rate-engine", entity_type: "Service",
        hops: [hop("service:rate-engine", "service:geo-index")],
        graded: { grade: "source_backed", hops: [graded("rate-engine", "geo-index", "DEPENDS_ON", "source_backed")] } },
      { entity_id: "service:checkout-api", entity_name: "checkout-api", entity_type: "Service",
        hops: [hop("service:rate-engine", "service:geo-index"), hop("service:checkout-api", "service:rate-engine")],
        graded: { grade: "inferred", hops: [graded("rate-engine", "geo-index", "DEPENDS_ON", "source_backed"),
          graded("checkout-api", "rate-engine", "DEPENDS_ON", "inferred", ["hedged"])] } },
      { entity_id: "service:route-planner", entity_name: "route-planner", entity_type: "Service",
        hops: [hop("service:route-planner", "service:geo-index", "USES")],
        graded: { grade: "insufficient", hops: [graded("route-planner", "geo-index", "USES", "insufficient", ["no_evidence"])] } },
    ],
    rows: [],
    hop_grading: "each hop graded", message: null, queries: [], policy,
    ...overrides,
  };
  if (!withGrades) impact.paths = (impact.paths ?? []).map((p) => ({ ...p, graded: null }));
  return impact;
}
