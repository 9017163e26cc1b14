/** The parts of a change review around its radar: what it touches, owners and on-call, what to re-read, the gaps.
 * Quotes are evidence sentences exactly as the API returned them (never a generated fact). */
import { Link } from "react-router";
import type { ChangeReview, ReviewMatch } from "../../api/types";
import { GradeTag } from "../../shared/GradeTag";
import { documentHref } from "../../shared/links";

const HOW: Record<ReviewMatch["kind"], string> = {
  exact: "named in the change",
  alias: "another spelling of its name",
  path: "a changed file's path names it",
  symbol: "a changed symbol a document ties to it",
};

export function Quote({ review, id }: { review: ChangeReview; id: string }) {
  const q = review.evidence[id];
  if (!q) return <code>{id}</code>;
  return (
    <figure className="review-quote">
      <blockquote className="source-quote" cite={documentHref(q.document_id, q.start, q.end)}>{q.text}</blockquote>
      <figcaption>
        <Link to={documentHref(q.document_id, q.start, q.end, q.evidence_id)} title={`evidence ${q.evidence_id}`}>
          {q.document_title ?? q.document_id}</Link>
        {q.source?.kind === "conversation" && <span className="badge badge-said"> {q.source.label}</span>}
        {!q.current && <span className="badge badge-closed"> no longer current</span>}
      </figcaption>
    </figure>
  );
}

export function Touches({ review }: { review: ChangeReview }) {
  if (review.matches.length === 0) {
    return <p className="notice notice-warn">Nothing in the change matches an entity of the graph.</p>;
  }
  return (
    <table className="review-matches" data-testid="review-matches">
      <thead><tr><th scope="col">Entity</th><th scope="col">Matched</th><th scope="col">From the change</th>
        <th scope="col">Impact</th></tr></thead>
      <tbody>
        {review.matches.map((m) => (
          <tr key={m.entity_id} data-kind={m.kind}>
            <td>{m.name} <span className="type-tag">{m.type}</span></td>
            <td><span className={`match match-${m.kind}`}>{m.kind}</span> <span className="muted">{HOW[m.kind]}</span></td>
            <td><code>{m.surface}</code>{m.where && <> in <code>{m.where}</code></>}
              {(m.via_evidence ?? []).map((id) => <Quote key={id} review={review} id={id} />)}</td>
            <td>{!m.system ? <span className="muted">not a system</span>
              : m.impact === "found" ? "radar below" : <span className="muted">{m.impact_message ?? "nothing recorded"}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ByHop({ review }: { review: ChangeReview }) {
  const names = new Map(review.matches.map((m) => [m.entity_id, m.name]));
  return (
    <ol className="review-hops" data-testid="review-by-hop">
      {review.by_hop.map((group) => (
        <li key={group.hops}>
          <strong>{group.hops} hop{group.hops === 1 ? "" : "s"}</strong>
          <ul>
            {group.entity_ids.map((id) => {
              const a = review.affected.find((x) => x.entity_id === id);
              if (!a) return null;
              return (
                <li key={id} data-testid="affected">
                  {a.name ?? id} {a.type && <span className="type-tag">{a.type}</span>}{" "}
                  <span className="muted">from {a.reached_from.map((f) => names.get(f) ?? f).join(", ")}</span>{" "}
                  {a.grade ? <GradeTag grade={a.grade} /> : <GradeTag grade="ungraded" />}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export function People({ review }: { review: ChangeReview }) {
  const names = new Map<string, string>([...review.matches.map((m) => [m.entity_id, m.name] as [string, string]),
    ...review.affected.map((a) => [a.entity_id, a.name ?? a.entity_id] as [string, string])]);
  if (review.owners.length === 0 && review.on_call.length === 0) {
    return <p className="muted">No document names an owner or an on-call arrangement for these systems.</p>;
  }
  return (
    <ul className="review-owners">
      {review.owners.map((o, i) => (
        <li key={`o-${i}`}>{names.get(o.entity_id) ?? o.entity_id}: <strong>{o.owner_name ?? o.owner_id}</strong>{" "}
          <span className="rel">{o.rel_type}</span>
          {o.evidence_ids.slice(0, 2).map((id) => <Quote key={id} review={review} id={id} />)}</li>
      ))}
      {review.on_call.map((c, i) => (
        <li key={`c-${i}`}>{names.get(c.entity_id) ?? c.entity_id}: on call <Quote review={review} id={c.evidence_id} /></li>
      ))}
    </ul>
  );
}

export function Reread({ review }: { review: ChangeReview }) {
  if (review.documents.length === 0) return <p className="muted">No document to re-read.</p>;
  return (
    <ul className="review-documents">
      {review.documents.map((d) => (
        <li key={d.document_id}>
          <Link to={documentHref(d.document_id)}>{d.title ?? d.document_id}</Link>{" "}
          {d.source_type && <span className="type-tag">{d.source_type}</span>}
          <ul>{d.reasons.map((r, i) => <li key={i} className="muted">{r}</li>)}</ul>
        </li>
      ))}
    </ul>
  );
}

export function Gaps({ review }: { review: ChangeReview }) {
  return (
    <ul className="limits" data-testid="review-gaps">
      {review.gaps.map((g, i) => (
        <li key={i} data-kind={g.kind}>{g.message}{(g.subjects ?? []).length > 0 && <>: {(g.subjects ?? []).map((s, j) =>
          <code key={j} className="gap-subject">{s}</code>)}</>}</li>
      ))}
      {review.unmatched.filter((u) => (u.candidates ?? []).length > 0).map((u, i) => (
        <li key={`u-${i}`}><code>{u.surface}</code> could be {(u.candidates ?? []).map((c) => `${c.name} (${c.type})`).join(", ")}:
          name one of them in the change.</li>
      ))}
      {review.gaps.length === 0 && <li>Nothing it knows of.</li>}
    </ul>
  );
}
