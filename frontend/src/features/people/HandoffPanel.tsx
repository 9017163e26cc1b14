/**
 * The hand-off plan: a proposed owner per open item (from the successors, with the paths and sentences it rests
 * on), chosen and approved by a person. Approving is a write: it asks for the write token when none is held, and a
 * refused token is forgotten. Items nobody's evidence touches get no proposal and say why. Commitments from
 * meetings and chat are never part of the plan.
 */
import { useState } from "react";
import { ApiError, api, unwrap } from "../../api/client";
import { ErrorNotice, Loading } from "../../shared/ErrorNotice";
import { relationWords } from "../../shared/links";
import { useApi } from "../../shared/useApi";
import { EvidenceTab } from "../radar/EvidenceTab";
import { ApprovalCitation } from "./ApprovalCitation";
import { plainId } from "./departureModel";
import { claimText, day, handedOffText } from "./peopleWords";
import type { ApprovalRecord, HandoffPlan, Proposal } from "./types";
import { bearer, getWriteToken, setWriteToken, TokenForm } from "./writeToken";

function namesOf(plan: HandoffPlan): (id: string) => string {
  const names = new Map<string, string>([[plan.person.id, plan.person.name]]);
  for (const p of plan.proposals) {
    names.set(p.item.id, p.item.name);
    for (const who of [p.proposed, ...(p.alternatives ?? [])]) if (who) names.set(who.id, who.name);
    for (const path of [...(p.evidence ?? []), ...(p.basis?.paths ?? [])]) {
      path.node_ids.forEach((id, i) => names.set(id, path.names[i] ?? id));
    }
  }
  return (id) => names.get(id) ?? plainId(id);
}

function Why({ proposal, name }: { proposal: Proposal; name: (id: string) => string }) {
  const basis = proposal.basis;
  const wanted = new Set(proposal.components ?? []);
  const claims = (basis?.claims ?? []).filter((c) => wanted.has(c.component)).map((c) => claimText(c, name));
  const requests = (proposal.evidence ?? []).flatMap((p) => p.edges.filter((e) => e.via !== "handoff").map((e) => ({
    label: `${name(e.source)} ${relationWords(e.rel_type)} ${name(e.target)}`, rel_type: e.rel_type,
    evidence_ids: e.evidence_ids })));
  return (
    <details className="proposal-why">
      <summary>Why {proposal.proposed?.name}: {[...new Set(claims)].join("; ") || "their work on the same components"}</summary>
      <EvidenceTab requests={requests} />
    </details>
  );
}

function ProposalRow({ proposal, name, choice, onChoice }: {
  proposal: Proposal; name: (id: string) => string; choice: string; onChoice: (to: string) => void;
}) {
  const owners = [proposal.proposed, ...(proposal.alternatives ?? [])].filter((x): x is NonNullable<typeof x> => !!x);
  const item = proposal.item.name;
  const components = (proposal.components ?? []).map(name).join(", ");
  return (
    <li className="proposal" data-testid="proposal">
      <p><strong>{item}</strong>{proposal.status ? <> · status “{proposal.status}”</> : null}
        {components && <span className="muted"> · {components}</span>}</p>
      {owners.length === 0 ? (
        <p className="muted" data-testid="no-proposal">Nobody is proposed: {proposal.reason ?? "no successor's evidence touches it"}.</p>
      ) : (
        <>
          <label className="check">
            <input type="checkbox" checked={choice !== ""} onChange={(e) => onChoice(e.target.checked ? owners[0]?.id ?? "" : "")} />
            Hand off {item} to
          </label>{" "}
          <select className="input select" aria-label={`New owner of ${item}`} value={choice || (owners[0]?.id ?? "")}
            disabled={choice === ""} onChange={(e) => onChoice(e.target.value)}>
            {owners.map((o, i) => <option key={o.id} value={o.id}>{o.name}{i === 0 ? " (proposed)" : ""}</option>)}
          </select>
          <Why proposal={proposal} name={name} />
        </>
      )}
    </li>
  );
}

/** What a refused write means, in words (a wrong token is forgotten, so the next try asks again). */
function refusal(error: unknown): { title: string; text: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.httpStatus === 401) return { title: "The write token was not accepted",
    text: "Enter the token again; nothing was written." };
  if (error.httpStatus === 403) return { title: "This server does not accept this write",
    text: `Nothing was written. ${error.message}` };
  return null;
}

function Plan({ plan, onApproved }: { plan: HandoffPlan; onApproved: (r: ApprovalRecord) => void }) {
  const name = namesOf(plan);
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(plan.proposals.map((p) => [p.item.id, p.proposed?.id ?? ""])));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const items = Object.entries(choices).filter(([, to]) => to).map(([item_id, to_person_id]) => ({ item_id, to_person_id }));

  const send = async (token: string) => {
    setAsking(false);
    setBusy(true);
    setError(null);
    try {
      const record = await unwrap(api.POST("/api/people/handoff/approve", {
        body: { person_id: plan.person.id, items }, headers: bearer(token) }));
      onApproved(record);
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 401) setWriteToken(null);
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const approve = () => {
    const token = getWriteToken();
    if (token) void send(token);
    else setAsking(true);
  };
  const refused = refusal(error);
  return (
    <div className="handoff-plan" data-testid="handoff-plan">
      {plan.proposals.length === 0 && <p className="muted">{plan.person.name} holds no open work to hand off.</p>}
      {plan.proposals.length > 0 && (
        <ul className="proposal-list">
          {plan.proposals.map((p) => (
            <ProposalRow key={p.item.id} proposal={p} name={name} choice={choices[p.item.id] ?? ""}
              onChoice={(to) => setChoices((c) => ({ ...c, [p.item.id]: to }))} />
          ))}
        </ul>
      )}
      {plan.already_handed_off.length > 0 && (
        <>
          <h4 className="rel-title">Already handed off</h4>
          {plan.already_handed_off.flatMap((w) => (w.handed_off_to ?? []).map((h) => (
            <ApprovalCitation key={`${w.item.id}-${h.approval_id}`} approvalId={h.approval_id} name={name}
              text={`${w.item.name}: ${handedOffText(h)}`} />
          )))}
        </>
      )}
      {plan.commitments.length > 0 && (
        <p className="muted">{plan.commitments.length} promise{plan.commitments.length === 1 ? "" : "s"} from meetings
          and chat (listed above) are not part of this plan: ZEHN never reassigns them.</p>
      )}
      {plan.proposals.length > 0 && (
        <p>
          <button type="button" className="btn btn-primary" disabled={items.length === 0 || busy} onClick={approve}>
            {busy ? "Approving…" : `Approve ${items.length} hand-off${items.length === 1 ? "" : "s"}`}
          </button>{" "}
          <span className="muted">Writes the new assignments and an audit record with your name and the time.</span>
        </p>
      )}
      {asking && <TokenForm why="Approving writes to the graph, so it needs the write token." onToken={(t) => void send(t)}
        onCancel={() => setAsking(false)} />}
      {refused && (
        <div className="notice notice-error" role="alert" data-testid="approve-refused">
          <strong className="notice-title">{refused.title}</strong><p>{refused.text}</p>
        </div>
      )}
      {error !== null && !refused && (
        <ErrorNotice error={error} autoRetry={false} />
      )}
    </div>
  );
}

export function HandoffPanel({ personId, name, version, onApproved }: {
  personId: string; name: string; version: number; onApproved: (r: ApprovalRecord) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const [approved, setApproved] = useState<ApprovalRecord | null>(null);
  const [plan, reload] = useApi(wanted ? (signal) => unwrap(api.GET("/api/people/handoff",
    { params: { query: { person_id: personId } }, signal })) : null, [wanted, personId, version]);
  return (
    <section className="handoff panel" aria-label="Hand-off plan" data-testid="handoff">
      <h2>Hand-off plan</h2>
      {approved && (
        <p className="notice notice-resolved" role="status" data-testid="approved">
          Approved by {approved.approved_by} on {day(approved.approved_at)}: {approved.items.length} item
          {approved.items.length === 1 ? "" : "s"} handed off. The departure above now shows {approved.items.length === 1
            ? "it" : "them"} as handed off.
        </p>
      )}
      {!wanted ? (
        <p><button type="button" className="btn" onClick={() => setWanted(true)}>Propose owners for {name}'s open work</button>{" "}
          <span className="muted">Each proposal rests on the successors' recorded work; nothing is written until you approve.</span></p>
      ) : plan.state === "loading" ? <Loading what="the hand-off plan" />
        : plan.state === "error" ? <ErrorNotice error={plan.error} onRetry={reload} />
        : plan.state === "ok" ? <Plan key={version} plan={plan.data}
          onApproved={(r) => { setApproved(r); onApproved(r); }} /> : null}
    </section>
  );
}
