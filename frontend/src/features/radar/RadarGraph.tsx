/** The radar drawn by Cytoscape: concentric rings by hop distance, edges styled by grade. */
import type { Core, ElementDefinition, LayoutOptions } from "cytoscape";
import { useMemo } from "react";
import { CyGraph } from "../../shared/graph/CyGraph";
import { shortLabel } from "../../shared/graph/labels";
import { relationWords } from "../../shared/links";
import type { RadarModel } from "./radarModel";

export function radarElements(model: RadarModel): ElementDefinition[] {
  const nodes: ElementDefinition[] = model.nodes.map((n) => ({
    group: "nodes", data: { id: n.id, label: shortLabel(n.name), ring: n.ring }, classes: n.ring === 0 ? "anchor" : "",
  }));
  const edges: ElementDefinition[] = model.edges.map((e) => ({
    group: "edges",
    data: { id: e.key, source: e.source, target: e.target,
      label: `${e.grade === "inferred" ? "⚠ " : ""}${relationWords(e.rel_type)}` },
    classes: e.grade,
  }));
  return [...nodes, ...edges];
}

const maxRing = (model: RadarModel) => Math.max(1, ...model.nodes.map((n) => n.ring));

const hops = (ring: number) => `${ring} hop${ring === 1 ? "" : "s"}`;

/** After the concentric layout: a faint circle per ring (1..3 hops) around the anchor, behind everything. */
export function drawRings(cy: Core, anchorId: string | undefined, ringLabel: (ring: number) => string = hops): void {
  const anchor = anchorId ? cy.getElementById(anchorId) : null;
  if (!anchor || anchor.empty()) return;
  const c = anchor.position();
  const radii = new Map<number, number>();
  cy.nodes().forEach((n) => {
    const ring = Number(n.data("ring"));
    if (ring > 0) radii.set(ring, Math.max(radii.get(ring) ?? 0, Math.hypot(n.position("x") - c.x, n.position("y") - c.y)));
  });
  for (const [ring, r] of radii) {
    cy.add({ group: "nodes", data: { id: `__ring-${ring}`, label: ringLabel(ring), size: 2 * r },
      position: { ...c }, classes: "ring-guide", selectable: false, grabbable: false });
  }
}

export function RadarGraph({ model, selectedId, onSelect }: {
  model: RadarModel; selectedId: string | null; onSelect: (kind: "node" | "edge", id: string) => void;
}) {
  const elements = useMemo(() => radarElements(model), [model]);
  const top = maxRing(model);
  const layout = {
    name: "concentric", concentric: (n: { data: (k: string) => number }) => top - n.data("ring"),
    levelWidth: () => 1, minNodeSpacing: 70, spacingFactor: 1.2, nodeDimensionsIncludeLabels: true, padding: 24,
    animate: false,
  } as LayoutOptions;
  return (
    <CyGraph elements={elements} layout={layout} selectedId={selectedId} onSelect={onSelect}
      onLayout={(cy) => { cy.autoungrabify(true); drawRings(cy, model.anchor?.id); }}
      height={540} label={`Impact radar: ${model.nodes.filter((n) => n.ring > 0).length} affected entities on ${top} rings, ${model.edges.length} relations. The same relations are listed below.`} />
  );
}
