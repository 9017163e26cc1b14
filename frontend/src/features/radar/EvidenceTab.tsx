/** The Evidence tab: every sentence behind the selected edges, fetched by evidence id. */
import { api, unwrap } from "../../api/client";
import type { EvidenceOut } from "../../api/types";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { useApi } from "../../shared/useApi";
import { EvidenceSentence } from "../../shared/EvidenceSentence";

export interface EvidenceRequest {
  label: string; // "route-planner DEPENDS_ON geo-index"
  rel_type: string;
  evidence_ids: string[];
}

function EdgeEvidence({ req }: { req: EvidenceRequest }) {
  const key = req.evidence_ids.join(",");
  const [items, reload] = useApi(
    req.evidence_ids.length
      ? (signal) => Promise.all(req.evidence_ids.map((id) =>
          unwrap(api.GET("/api/evidence/{evidence_id}", { params: { path: { evidence_id: id } }, signal }))))
      : null,
    [key],
  );
  return (
    <section className="edge-evidence">
      <h4 className="rel-title">{req.label}</h4>
      {req.evidence_ids.length === 0 && (
        <p className="notice notice-warn">No evidence sentence is recorded for this relation: it cannot be cited.</p>
      )}
      {items.state === "loading" && <Loading what="evidence" />}
      {items.state === "error" && <ErrorNotice error={items.error} onRetry={reload} />}
      {items.state === "ok" && (items.data as EvidenceOut[]).map((ev) => (
        <EvidenceSentence key={ev.id} ev={ev} relType={req.rel_type} />
      ))}
    </section>
  );
}

export function EvidenceTab({ requests }: { requests: EvidenceRequest[] }) {
  if (requests.length === 0) return <p className="muted">No relation is selected.</p>;
  return (
    <div>
      {requests.map((r) => <EdgeEvidence key={`${r.label}-${r.evidence_ids.join(",")}`} req={r} />)}
    </div>
  );
}
