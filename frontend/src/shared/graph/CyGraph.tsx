/** A Cytoscape.js canvas (layout and drawing are Cytoscape's); selection is reported up by element id. */
import cytoscape, { type Core, type ElementDefinition, type LayoutOptions } from "cytoscape";
import { useEffect, useRef } from "react";
import { GRAPH_STYLE } from "./graphStyle";

const MAX_FIT_ZOOM = 1.3;

/** Fit everything in view, without blowing a small graph up past a readable zoom. */
function fitCapped(core: Core): void {
  core.fit(undefined, 20);
  if (core.zoom() > MAX_FIT_ZOOM) {
    core.zoom(MAX_FIT_ZOOM);
    core.center();
  }
}

export interface CyGraphProps {
  elements: ElementDefinition[];
  layout: LayoutOptions;
  selectedId?: string | null;
  onSelect?: (kind: "node" | "edge", id: string) => void;
  label: string;
  height?: number;
  /** Called once the layout has placed the nodes (e.g. to draw guides around them). */
  onLayout?: (cy: Core) => void;
}

export function CyGraph({ elements, layout, selectedId, onSelect, label, height = 460, onLayout }: CyGraphProps) {
  const box = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const onLayoutRef = useRef(onLayout);
  onLayoutRef.current = onLayout;

  const positions = useRef(new Map<string, cytoscape.Position>());

  useEffect(() => {
    if (!box.current) return;
    // Nodes already drawn keep their place when the graph grows (the layout starts from them).
    const placed = elements.map((el) => {
      const at = el.data.id ? positions.current.get(el.data.id) : undefined;
      return at && !el.position ? { ...el, position: { ...at } } : el;
    });
    const core = cytoscape({ container: box.current, elements: placed, style: GRAPH_STYLE, layout: { name: "preset" },
      minZoom: 0.3, maxZoom: 3, wheelSensitivity: 0.3, boxSelectionEnabled: false });
    core.layout(layout).run();
    onLayoutRef.current?.(core);
    fitCapped(core);
    core.on("tap", "node, edge", (evt) => {
      const el = evt.target as cytoscape.SingularElementArgument;
      onSelectRef.current?.(el.isNode() ? "node" : "edge", el.id());
    });
    cy.current = core;
    // Keep the drawing fitted when the box changes size (an inspector opening beside it, a narrow window).
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
      core.resize();
      fitCapped(core);
    }) : null;
    observer?.observe(box.current);
    return () => {
      observer?.disconnect();
      core.nodes().forEach((n) => void positions.current.set(n.id(), { ...n.position() }));
      core.destroy();
      cy.current = null;
    };
    // The layout object is rebuilt by callers on each render; the elements decide when to redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [elements]);

  useEffect(() => {
    const core = cy.current;
    if (!core) return;
    core.elements().removeClass("selected");
    if (selectedId) core.getElementById(selectedId).addClass("selected");
  }, [selectedId, elements]);

  return <div ref={box} className="cy-box" style={{ height }} role="img" aria-label={label} data-testid="graph-canvas" />;
}
