/** The explorer's graph, its node list (keyboard route) and the panel for the selected node or relation. */
import type { ElementDefinition, LayoutOptions } from "cytoscape";
import { useMemo, useState } from "react";
import { useEscape } from "../radar/RadarScreen";
import { CyGraph } from "../../shared/graph/CyGraph";
import { shortLabel } from "../../shared/graph/labels";
import { relationWords } from "../../shared/links";
import { ExplorerDetail } from "./ExplorerDetail";
import { edgeId, type useExplorerGraph } from "./useExplorerGraph";

type Explorer = ReturnType<typeof useExplorerGraph>;
export type ExplorerSelection = { kind: "node" | "edge"; id: string };

export const NODE_PAGE = 60;

export function ExplorerCanvas({ explorer }: { explorer: Explorer }) {
  const { graph } = explorer;
  const [selected, setSelected] = useState<ExplorerSelection | null>(null);
  const [limit, setLimit] = useState(NODE_PAGE);
  useEscape(selected !== null, () => setSelected(null));
  // At most `limit` nodes are drawn (expanded ones always), and only the edges between drawn nodes.
  const shownIds = useMemo(() => {
    const ids = [...graph.nodes.keys()];
    const keep = new Set(ids.filter((id) => graph.expanded.has(id)));
    for (const id of ids) if (keep.size < limit) keep.add(id);
    return keep;
  }, [graph, limit]);
  const hidden = graph.nodes.size - shownIds.size;
  const elements = useMemo<ElementDefinition[]>(() => [
    ...[...graph.nodes.values()].filter((n) => shownIds.has(n.id)).map((n) => ({ group: "nodes" as const,
      data: { id: n.id, label: shortLabel(n.name ?? n.id) }, classes: graph.expanded.has(n.id) ? "expanded" : "" })),
    ...[...graph.edges.values()].filter((e) => shownIds.has(e.source) && shownIds.has(e.target))
      .map((e) => ({ group: "edges" as const,
        data: { id: edgeId(e), source: e.source, target: e.target, label: relationWords(e.rel_type) }, classes: "plain quiet" })),
  ], [graph, shownIds]);
  // One neighbourhood is a star: a ring around its centre reads best. Grown graphs use a force layout; both leave
  // room for the labels so they do not cover each other.
  const layout = (graph.expanded.size <= 1
    ? { name: "concentric", concentric: (n: { data: (k: string) => string }) => (graph.expanded.has(n.data("id")) ? 2 : 1),
        levelWidth: () => 1, minNodeSpacing: 24, nodeDimensionsIncludeLabels: true, padding: 24, animate: false }
    : { name: "cose", animate: false, padding: 24, randomize: false, gravity: 0.25, numIter: 2500, nodeOverlap: 20,
        nodeRepulsion: () => 20000, idealEdgeLength: () => 140, edgeElasticity: () => 100, componentSpacing: 80,
        nodeDimensionsIncludeLabels: true, initialTemp: 1000, coolingFactor: 0.99, minTemp: 1.0 }) as LayoutOptions;

  const select = (kind: "node" | "edge", id: string) => {
    setSelected({ kind, id });
    const node = kind === "node" ? graph.nodes.get(id) : undefined;
    if (node && !graph.expanded.has(id)) void explorer.expand(node.name ?? id, id);
  };

  return (
    <div className="explorer-layout radar-layout">
      <div className="explorer-main">
        <p className="muted">
          {graph.nodes.size} entities · {graph.edges.size} relations · {graph.expanded.size} expanded (ringed).
          Relations are drawn as recorded; the explorer does not grade them.
          {hidden > 0 && (
            <> {hidden} more not drawn.{" "}
              <button type="button" className="btn btn-small" data-testid="show-more"
                onClick={() => setLimit((n) => n + NODE_PAGE)}>Show {Math.min(NODE_PAGE, hidden)} more</button></>
          )}
        </p>
        <CyGraph elements={elements} layout={layout} selectedId={selected?.id ?? null} onSelect={select} height={520}
          label={`Explorer graph: ${graph.nodes.size} entities and ${graph.edges.size} relations, listed beside it.`} />
        <section aria-label="Entities shown">
          <h3 className="section-title">Entities</h3>
          <ul className="node-buttons">
            {[...graph.nodes.values()].filter((n) => shownIds.has(n.id)).map((n) => (
              <li key={n.id}>
                <button type="button" className="btn btn-node" aria-pressed={selected?.id === n.id}
                  onClick={() => select("node", n.id)}>
                  {n.name ?? n.id}{n.type && <span className="type-tag">{n.type}</span>}
                  {graph.expanded.has(n.id) ? <span className="visually-hidden"> (expanded)</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {selected ? (
        <ExplorerDetail selection={selected} explorer={explorer} onSelect={(s) => setSelected(s)}
          onClose={() => setSelected(null)} />
      ) : (
        <aside className="inspector inspector-empty" aria-label="Details">
          <p className="muted">Select an entity to expand it and list its relations; select a relation to read its
            evidence.</p>
        </aside>
      )}
    </div>
  );
}
