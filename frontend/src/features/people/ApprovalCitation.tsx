/**
 * A hand-off cites its approval record, never a sentence: "handed off to X, approved by Y on D", and the record
 * itself (who approved, when, which items to whom, the approver's note) opened on demand. Nothing here is styled
 * as a quote: no document said it.
 */
import { useState } from "react";
import { api, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { useApi } from "../../shared/useApi";
import { day } from "./peopleWords";

function Record({ approvalId, name }: { approvalId: string; name: (id: string) => string }) {
  const [record, reload] = useApi((signal) => unwrap(api.GET("/api/people/handoff/approvals/{approval_id}",
    { params: { path: { approval_id: approvalId } }, signal })), [approvalId]);
  if (record.state === "loading") return <Loading what="the approval record" />;
  if (record.state === "error") return <ErrorNotice error={record.error} onRetry={reload} />;
  if (record.state !== "ok") return null;
  const r = record.data;
  return (
    <dl className="meta-grid approval-record" data-testid="approval-record">
      <div className="meta-row"><dt>Approved by</dt><dd>{r.approved_by}</dd></div>
      <div className="meta-row"><dt>On</dt><dd>{day(r.approved_at)}</dd></div>
      <div className="meta-row"><dt>From</dt><dd>{name(r.from_person)}</dd></div>
      <div className="meta-row"><dt>Items</dt><dd>
        {r.items.map((i) => `${name(i.item_id)} to ${name(i.to_person_id)}`).join("; ")}
      </dd></div>
      {r.note && <div className="meta-row"><dt>Note</dt><dd>{r.note}</dd></div>}
    </dl>
  );
}

export function ApprovalCitation({ approvalId, text, name }: {
  approvalId: string; text: string; name: (id: string) => string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section className="approval-citation" data-testid="approval-citation" data-approval-id={approvalId}>
      <p><strong className="handed-off-label">Approval record</strong>: {text}.{" "}
        <span className="muted">This rests on an approval recorded in ZEHN, not on a sentence of a document.</span></p>
      <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? "Hide the approval record" : "Open the approval record"}
      </button>
      {open && <Record approvalId={approvalId} name={name} />}
    </section>
  );
}
