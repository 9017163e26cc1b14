/** Cytoscape styles: grades are drawn the same everywhere (solid, dashed with a warning, greyed, dotted). */
import type { StylesheetJson } from "cytoscape";

export const GRADE_COLOURS = {
  source_backed: "#1d6b37",
  inferred: "#9a5200",
  insufficient: "#8a8f96",
  ungraded: "#4d5d70",
} as const;

export const GRAPH_STYLE: StylesheetJson = [
  { selector: "node", style: {
    "background-color": "#2f5d8a", label: "data(label)", color: "#1b1f24", "font-size": 11,
    "text-valign": "bottom", "text-margin-y": 4, "text-wrap": "wrap", "text-max-width": "110px",
    width: 22, height: 22, "text-background-color": "#ffffff", "text-background-opacity": 0.85,
    "text-background-padding": "2px", "z-index": 10,
  } },
  { selector: "node.anchor", style: { "background-color": "#7a1f5c", width: 34, height: 34, "font-weight": "bold" } },
  { selector: "node.expanded", style: { "border-width": 3, "border-color": "#7a1f5c" } },
  { selector: "edge", style: {
    width: 2.5, "curve-style": "bezier", "target-arrow-shape": "triangle", "arrow-scale": 1.1,
    label: "data(label)", "font-size": 9, color: "#1b1f24", "text-rotation": "autorotate",
    "text-background-color": "#ffffff", "text-background-opacity": 0.9, "text-background-padding": "1px",
    "line-color": GRADE_COLOURS.ungraded, "target-arrow-color": GRADE_COLOURS.ungraded, "line-style": "dotted",
  } },
  { selector: "edge.source_backed", style: {
    "line-color": GRADE_COLOURS.source_backed, "target-arrow-color": GRADE_COLOURS.source_backed,
    "line-style": "solid", width: 3,
  } },
  { selector: "edge.inferred", style: {
    "line-color": GRADE_COLOURS.inferred, "target-arrow-color": GRADE_COLOURS.inferred, "line-style": "dashed",
    "line-dash-pattern": [7, 5], color: GRADE_COLOURS.inferred,
  } },
  { selector: "edge.insufficient", style: {
    "line-color": GRADE_COLOURS.insufficient, "target-arrow-color": GRADE_COLOURS.insufficient, opacity: 0.55,
    "line-style": "solid", width: 1.5, color: "#5f6368",
  } },
  { selector: "edge.plain", style: {
    "line-color": "#5f6f80", "target-arrow-color": "#5f6f80", "line-style": "solid",
  } },
  { selector: "node.ring-guide", style: {
    width: "data(size)", height: "data(size)", "background-opacity": 0, "border-width": 1.5, "border-style": "dashed",
    "border-color": "#b7c0cc", label: "data(label)", "text-valign": "center", "text-halign": "right", "font-size": 10,
    color: "#4f5761", "text-margin-x": 4, "z-index": 0, events: "no", "text-background-opacity": 0,
  } },
  { selector: ".selected", style: { "overlay-color": "#f2b705", "overlay-opacity": 0.35, "overlay-padding": 6 } },
];
