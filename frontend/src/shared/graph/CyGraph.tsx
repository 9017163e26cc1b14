/**
 * A Cytoscape.js canvas (layout and drawing are Cytoscape's); selection is reported up by element id.
 *
 * - The mouse wheel scrolls the page; it zooms only while the canvas has the focus (click it, or Tab to it), so a
 *   page with a graph on it never traps the scroll. Zoom buttons do the same for everyone.
 * - The view is fitted once per drawing. Later size changes (a window resized, a panel opening) keep the pan and
 *   zoom, so the edge under the pointer stays there.
 * - Labels too small to read at the current zoom are not drawn (min-zoomed-font-size).
 */
import cytoscape, { type Core, type ElementDefinition, type LayoutOptions } from "cytoscape";
import { useEffect, useRef, useState } from "react";
import { graphStyle } from "./graphStyle";

const MAX_FIT_ZOOM = 1.3;

const EMPHASIS = "node.anchor, node.expanded, node.selected, node.near-node, .hover";

/** Below this on screen a label is not drawn (Cytoscape's own min-zoomed-font-size rounds the zoom up to a power
 * of two, so it lets 8 px labels through at half zoom). */
const MIN_LABEL_PX = 12;
const NEAR_LABELS = 6;
const BASE_FONT_PX = 14;

/**
 * Labels too small to read are not drawn; the nodes that matter (the anchor, expanded and selected ones and the
 * selection's neighbours, and the selected relations) keep a readable label at any zoom, so a zoomed-out graph
 * still says what it shows.
 */
function emphasize(core: Core): void {
  const z = core.zoom();
  core.elements().removeStyle("font-size text-max-width").removeClass("no-label");
  if (z * BASE_FONT_PX >= MIN_LABEL_PX) return;
  const kept = core.elements(`${EMPHASIS}, edge.near, edge.selected, edge.hover`);
  core.elements().not(kept).not(".ring-guide").addClass("no-label");
  kept.style({ "font-size": BASE_FONT_PX / z, "text-max-width": `${130 / z}px` });
}

/** Fit everything in view, without blowing a small graph up past a readable zoom. */
function fitCapped(core: Core): void {
  core.fit(undefined, 20);
  if (core.zoom() > MAX_FIT_ZOOM) {
    core.zoom(MAX_FIT_ZOOM);
    core.center();
  }
}

function prefersDark(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-color-scheme: dark)").matches;
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
  const [focused, setFocused] = useState(false);
  const positions = useRef(new Map<string, cytoscape.Position>());

  useEffect(() => {
    if (!box.current) return;
    // Nodes already drawn keep their place when the graph grows (the layout starts from them).
    const placed = elements.map((el) => {
      const at = el.data.id ? positions.current.get(el.data.id) : undefined;
      return at && !el.position ? { ...el, position: { ...at } } : el;
    });
    const core = cytoscape({ container: box.current, elements: placed, style: graphStyle(prefersDark()),
      layout: { name: "preset" }, minZoom: 0.2, maxZoom: 3, wheelSensitivity: 0.3, boxSelectionEnabled: false,
      userZoomingEnabled: false });
    core.layout(layout).run();
    onLayoutRef.current?.(core);
    fitCapped(core);
    emphasize(core);
    core.on("zoom", () => emphasize(core));
    // Pointing at a node or an edge shows its label, whatever the zoom.
    core.on("mouseover", "node, edge", (evt) => { evt.target.addClass("hover"); emphasize(core); });
    core.on("mouseout", "node, edge", (evt) => { evt.target.removeClass("hover"); emphasize(core); });
    core.on("tap", "node, edge", (evt) => {
      const el = evt.target as cytoscape.SingularElementArgument;
      onSelectRef.current?.(el.isNode() ? "node" : "edge", el.id());
    });
    cy.current = core;
    // A resize keeps pan and zoom (nothing moves under the pointer); only a big change of width (a rotated phone,
    // a window resized by a third) fits the drawing again.
    let fittedWidth = core.width();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
      core.resize();
      if (Math.abs(core.width() - fittedWidth) > fittedWidth / 3) {
        fittedWidth = core.width();
        fitCapped(core);
      }
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
    cy.current?.userZoomingEnabled(focused);
  }, [focused, elements]);

  useEffect(() => {
    const core = cy.current;
    if (!core) return;
    core.elements().removeClass("selected near near-many near-node");
    const el = selectedId ? core.getElementById(selectedId) : null;
    if (el && !el.empty()) {
      el.addClass("selected");
      if (el.isNode()) {
        // A few relations keep their words on screen; many would only cover each other.
        el.connectedEdges().addClass(el.connectedEdges().length <= NEAR_LABELS ? "near" : "near-many");
        el.neighborhood("node").addClass("near-node");
      } else {
        core.edges(el).connectedNodes().addClass("near-node");
      }
    }
    emphasize(core);
  }, [selectedId, elements]);

  const zoomBy = (factor: number) => {
    const core = cy.current;
    if (!core) return;
    core.zoom({ level: core.zoom() * factor, renderedPosition: { x: core.width() / 2, y: core.height() / 2 } });
  };

  return (
    <div className="cy-wrap">
      <div className="cy-tools" role="group" aria-label="Zoom">
        <button type="button" className="btn btn-small" onClick={() => zoomBy(1.25)} aria-label="Zoom in">+</button>
        <button type="button" className="btn btn-small" onClick={() => zoomBy(0.8)} aria-label="Zoom out">−</button>
        <button type="button" className="btn btn-small" onClick={() => cy.current && fitCapped(cy.current)}>Fit</button>
        <span className="muted cy-hint">{focused ? "Wheel zooms; Esc or Tab leaves" : "Click the graph to zoom with the wheel"}</span>
      </div>
      <div ref={box} className={focused ? "cy-box focused" : "cy-box"} style={{ height }} role="img" aria-label={label}
        data-testid="graph-canvas" tabIndex={0} onFocus={() => setFocused(true)} onBlur={() => setFocused(false)}
        onMouseDown={() => box.current?.focus({ preventScroll: true })}
        onKeyDown={(e) => { if (e.key === "Escape" && focused) box.current?.blur(); }} />
    </div>
  );
}
