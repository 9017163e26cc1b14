/** Cytoscape styles: grades are drawn the same everywhere (solid, dashed with a warning, greyed, dotted); labels
 * are at least 12 px on screen (smaller ones are hidden until zoomed in), on a background that hides lines. */
import type { StylesheetJson } from "cytoscape";

export const GRADE_COLOURS = {
  source_backed: "#1d6b37",
  inferred: "#9a5200",
  insufficient: "#8a8f96",
  ungraded: "#4d5d70",
} as const;

const DARK_GRADES = { source_backed: "#5cc47f", inferred: "#f0a54a", insufficient: "#8a8f96", ungraded: "#9fb0c4" };

export function graphStyle(dark = false): StylesheetJson {
  const g = dark ? DARK_GRADES : GRADE_COLOURS;
  const text = dark ? "#e8edf2" : "#1b1f24";
  const paper = dark ? "#1c232c" : "#ffffff";
  return [
    { selector: "node", style: {
      "background-color": dark ? "#6fa3d8" : "#2f5d8a", label: "data(label)", color: text, "font-size": 14,
      "text-valign": "bottom", "text-margin-y": 4, "text-wrap": "wrap", "text-max-width": "130px",
      width: 22, height: 22, "text-background-color": paper, "text-background-opacity": 0.92,
      "text-background-padding": "2px", "z-index": 10, "min-zoomed-font-size": 12,
    } },
    { selector: "node.anchor", style: { "background-color": "#b0357f", width: 34, height: 34, "font-weight": "bold",
      "font-size": 15, "min-zoomed-font-size": 0 } },
    { selector: "node.expanded", style: { "border-width": 3, "border-color": "#b0357f" } },
    { selector: "edge", style: {
      width: 2.5, "curve-style": "bezier", "target-arrow-shape": "triangle", "arrow-scale": 1.1,
      label: "data(label)", "font-size": 14, color: text, "text-rotation": "none",
      "text-background-color": paper, "text-background-opacity": 0.95, "text-background-padding": "2px",
      "min-zoomed-font-size": 12, "text-events": "yes",
      "line-color": g.ungraded, "target-arrow-color": g.ungraded, "line-style": "dotted",
    } },
    { selector: "edge.source_backed", style: {
      "line-color": g.source_backed, "target-arrow-color": g.source_backed, "line-style": "solid", width: 3,
    } },
    { selector: "edge.inferred", style: {
      "line-color": g.inferred, "target-arrow-color": g.inferred, "line-style": "dashed",
      "line-dash-pattern": [7, 5], color: dark ? g.inferred : "#7a4100",
    } },
    { selector: "edge.insufficient", style: {
      "line-color": g.insufficient, "target-arrow-color": g.insufficient, opacity: 0.6, "line-style": "solid",
      width: 1.5,
    } },
    { selector: "edge.plain", style: { "line-color": "#6f8090", "target-arrow-color": "#6f8090", "line-style": "solid" } },
    // Dense graphs (the explorer): an edge's label shows when it, or a node it touches, is selected.
    { selector: "edge.quiet", style: { label: "" } },
    { selector: "edge.quiet.near, edge.quiet.selected, edge.quiet.hover", style: { label: "data(label)", "z-index": 20 } },
    { selector: "node.ring-guide", style: {
      width: "data(size)", height: "data(size)", "background-opacity": 0, "border-width": 1.5, "border-style": "dashed",
      "border-color": dark ? "#4a5563" : "#b7c0cc", label: "data(label)", "text-valign": "center", "text-halign": "right",
      "font-size": 12, color: dark ? "#aab4c0" : "#4f5761", "text-margin-x": 4, "z-index": 0, events: "no",
      "text-background-opacity": 0, "min-zoomed-font-size": 0,
    } },
    { selector: ".no-label", style: { label: "" } },
    { selector: ".selected", style: { "overlay-color": "#f2b705", "overlay-opacity": 0.35, "overlay-padding": 6 } },
  ];
}

export const GRAPH_STYLE = graphStyle(false);
