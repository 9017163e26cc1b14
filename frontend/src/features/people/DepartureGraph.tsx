/** "What if they leave" drawn like the radar: rings by depth around the person, edges styled by what they rest on. */
import type { ElementDefinition, LayoutOptions } from "cytoscape";
import { useMemo } from "react";
import { CyGraph } from "../../shared/graph/CyGraph";
import { shortLabel } from "../../shared/graph/labels";
import { relationWords } from "../../shared/links";
import { drawRings } from "../radar/RadarGraph";
import type { DepartureGraph as Model } from "./departureModel";

/** Cytoscape classes: the radar's grade styles; a hand-off (an approval record, not a sentence) is drawn plain. */
const EDGE_CLASS = { source_backed: "source_backed", inferred: "inferred", insufficient: "insufficient",
  approval_record: "plain" } as const;

export function departureElements(model: Model): ElementDefinition[] {
  const nodes: ElementDefinition[] = model.nodes.map((n) => ({
    group: "nodes", data: { id: n.id, label: shortLabel(n.name), ring: n.ring }, classes: n.ring === 0 ? "anchor" : "",
  }));
  const edges: ElementDefinition[] = model.edges.map((e) => ({
    group: "edges",
    data: { id: e.key, source: e.source, target: e.target,
      label: e.grade === "approval_record" ? "handed off to"
        : `${e.grade === "inferred" ? "⚠ " : ""}${relationWords(e.rel_type)}` },
    classes: EDGE_CLASS[e.grade],
  }));
  return [...nodes, ...edges];
}

export const depthLabel = (ring: number) => `depth ${ring}`;

export function DepartureGraph({ model, selectedId, onSelect }: {
  model: Model; selectedId: string | null; onSelect: (kind: "node" | "edge", id: string) => void;
}) {
  const elements = useMemo(() => departureElements(model), [model]);
  const top = Math.max(1, ...model.nodes.map((n) => n.ring));
  const layout = {
    name: "concentric", concentric: (n: { data: (k: string) => number }) => top - n.data("ring"),
    levelWidth: () => 1, minNodeSpacing: 70, spacingFactor: 1.2, nodeDimensionsIncludeLabels: true, padding: 24,
    animate: false,
  } as LayoutOptions;
  return (
    <CyGraph elements={elements} layout={layout} selectedId={selectedId} onSelect={onSelect}
      onLayout={(cy) => { cy.autoungrabify(true); drawRings(cy, model.anchor?.id, depthLabel); }}
      height={480} label={`What is left if ${model.anchor?.name ?? "this person"} leaves: ${model.nodes.length - 1} ` +
        `items, people and components on ${top} rings, ${model.edges.length} relations. The same rows are listed below.`} />
  );
}
