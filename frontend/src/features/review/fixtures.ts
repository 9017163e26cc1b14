/** A change review shaped exactly like the API's (typed by the generated schema): two changed services. */
import type { ChangeReview, ImpactPath } from "../../api/types";
import { policy } from "../../test/fixtures";

const path = (hops: [string, string][], grade: "source_backed" | "inferred"): ImpactPath => {
  const last = hops[hops.length - 1]!;
  return {
    entity_id: `service:${last[0]}`, entity_name: last[0], entity_type: "Service",
    hops: hops.map(([s, t]) => ({ source: `service:${s}`, source_name: s, rel_type: "DEPENDS_ON", target: `service:${t}`,
      target_name: t, evidence_ids: [`ev_${s}`] })),
    graded: { grade, hops: hops.map(([s, t]) => ({ source: s, rel_type: "DEPENDS_ON", target: t, evidence_id: `ev_${s}`,
      grade, reasons: [], read_at: "ingest" as const })) },
  };
};

export function makeReview(overrides: Partial<ChangeReview> = {}): ChangeReview {
  return {
    id: null, created_at: null, as_of: null, depth: 2, hop_grading: "graded", queries: [], policy, timings: {},
    input: { kind: "diff", title: "Retry ledger writes", characters: 120, document_id: null, source_type: null,
      files: [{ path: "tools/pretty.py", added: 2, removed: 0, symbols: ["prettify"], matched: [] }] },
    matches: [
      { entity_id: "service:ledger", name: "ledger", type: "Service", kind: "exact", surface: "ledger", system: true,
        impact: "found", via_evidence: [] },
      { entity_id: "service:tiles", name: "tiles", type: "Service", kind: "path", surface: "tiles",
        where: "services/tiles/cache.go", system: true, impact: "found", via_evidence: [] },
    ],
    unmatched: [{ surface: "quasar", source: "text", reason: "unknown", message: "no entity is named like it",
      candidates: [] }],
    affected: [
      { entity_id: "service:billing", name: "billing", type: "Service", hops: 1, reached_from: ["service:ledger"],
        grade: "source_backed", inferred_only: false, paths: [path([["billing", "ledger"]], "source_backed")] },
      { entity_id: "service:search", name: "search", type: "Service", hops: 1, reached_from: ["service:tiles"],
        grade: "source_backed", inferred_only: false, paths: [path([["search", "tiles"]], "source_backed")] },
      { entity_id: "service:invoices", name: "invoices", type: "Service", hops: 2, reached_from: ["service:ledger"],
        grade: "inferred", inferred_only: true,
        paths: [path([["billing", "ledger"], ["invoices", "billing"]], "inferred")] },
    ],
    by_hop: [{ hops: 1, entity_ids: ["service:billing", "service:search"] }, { hops: 2, entity_ids: ["service:invoices"] }],
    owners: [{ entity_id: "service:ledger", owner_id: "team:payments", owner_name: "Payments", owner_type: "Team",
      rel_type: "OWNS", evidence_ids: ["ev_owner"] }],
    on_call: [],
    documents: [{ document_id: "doc_arch", title: "Architecture", source_type: "confluence",
      reasons: ["states a hop: billing DEPENDS_ON ledger"], evidence_ids: ["ev_billing"] }],
    gaps: [{ kind: "file_unmatched", message: "1 changed file(s) match no entity", subjects: ["tools/pretty.py"] }],
    evidence: {
      ev_owner: { evidence_id: "ev_owner", document_id: "doc_arch", document_title: "Architecture", start: 10, end: 41,
        text: "The Payments team owns ledger.", current: true,
        source: { source_type: "slack", kind: "conversation", place: "#payments", date: "2026-04-21",
          label: "said in #payments on 2026-04-21" } },
    },
    ...overrides,
  };
}
