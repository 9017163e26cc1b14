/** The selected node (its relations, why it could not be expanded) or relation (its evidence sentences). */
import { Link } from "react-router";
import { documentHref, peopleHref, radarHref, relationWords } from "../../shared/links";
import { QueriesTable } from "../../shared/QueriesTable";
import { ResolutionNotice } from "../../shared/ResolutionNotice";
import type { ExplorerSelection } from "./ExplorerCanvas";
import { edgeId, type useExplorerGraph } from "./useExplorerGraph";

type Explorer = ReturnType<typeof useExplorerGraph>;

export function ExplorerDetail({ selection, explorer, onSelect, onClose }: {
  selection: ExplorerSelection; explorer: Explorer; onSelect: (s: ExplorerSelection) => void; onClose: () => void;
}) {
  const close = <button type="button" className="btn" onClick={onClose} aria-keyshortcuts="Escape">Close</button>;
  const { graph } = explorer;
  const name = (id: string) => graph.nodes.get(id)?.name ?? id;
  if (selection.kind === "edge") {
    const edge = graph.edges.get(selection.id);
    if (!edge) return null;
    return (
      <aside className="inspector" aria-label="Relation" data-testid="explorer-detail">
        <header className="inspector-head">
          <h2>{name(edge.source)} <span className="rel">{relationWords(edge.rel_type)}</span> {name(edge.target)}</h2>
          {close}
        </header>
        <h3 className="section-title">Evidence ({(edge.evidence ?? []).length})</h3>
        {(edge.evidence ?? []).length === 0 && <p className="notice notice-warn">No evidence sentence was returned for this relation.</p>}
        {(edge.evidence ?? []).map((ev) => (
          <figure key={ev.id} className="evidence">
            <blockquote className="source-quote">{ev.text}</blockquote>
            <figcaption><Link to={documentHref(ev.document_id, ev.start, ev.end, ev.id)}>{ev.document_id}</Link>{" "}
              <span className="muted">· characters {ev.start}–{ev.end}</span></figcaption>
          </figure>
        ))}
      </aside>
    );
  }
  const node = graph.nodes.get(selection.id);
  if (!node) return null;
  const note = graph.notes.get(node.id);
  const edges = [...graph.edges.values()].filter((e) => e.source === node.id || e.target === node.id);
  return (
    <aside className="inspector" aria-label="Entity" data-testid="explorer-detail">
      <header className="inspector-head">
        <h2>{node.name ?? node.id} {node.type && <span className="type-tag">{node.type}</span>}</h2>
        {close}
      </header>
      <p className="muted"><code>{node.id}</code> · <Link to={radarHref(node.name ?? node.id, node.id)}>What breaks if it changes</Link>
        {node.type === "Person" && <> · <Link to={peopleHref(node.id)} data-testid="open-in-people">Open in People</Link></>}</p>
      {explorer.pending === node.id && <p role="status">Loading its neighbourhood…</p>}
      {note && <ResolutionNotice outcome={note.outcome} resolution={note.resolution} message={note.message} />}
      <h3 className="section-title">Relations shown ({edges.length})</h3>
      <ul className="edge-buttons">
        {edges.map((e) => (
          <li key={edgeId(e)}>
            <button type="button" className="btn btn-edge" onClick={() => onSelect({ kind: "edge", id: edgeId(e) })}>
              {name(e.source)} <span className="rel">{relationWords(e.rel_type)}</span> {name(e.target)}
            </button>
          </li>
        ))}
      </ul>
      <details className="shown-work">
        <summary>Queries so far ({graph.queries.length})</summary>
        <QueriesTable queries={graph.queries} />
      </details>
    </aside>
  );
}
