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
    core.on("tap", "node, edge", (evt) => {
      const el = evt.target as cytoscape.SingularElementArgument;
      onSelectRef.current?.(el.isNode() ? "node" : "edge", el.id());
    });
    cy.current = core;
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => core.resize()) : null;
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
    core.elements().removeClass("selected");
    if (selectedId) core.getElementById(selectedId).addClass("selected");
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
