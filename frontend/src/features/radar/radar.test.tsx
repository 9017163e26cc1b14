import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeImpact } from "../../test/fixtures";
import { RadarLegend } from "./RadarLegend";
import { buildRadar, summarize } from "./radarModel";

describe("radar model", () => {
  it("puts the anchor at the centre and each entity on its shortest hop ring", () => {
    const m = buildRadar(makeImpact());
    const ring = Object.fromEntries(m.nodes.map((n) => [n.name, n.ring]));
    expect(ring).toEqual({ "geo-index": 0, "rate-engine": 1, "checkout-api": 2, "route-planner": 1 });
    expect(m.edges).toHaveLength(3);
  });

  it("grades edges from the graded hops and paths by their weakest hop", () => {
    const m = buildRadar(makeImpact());
    const grade = Object.fromEntries(m.edges.map((e) => [e.key, e.grade]));
    expect(grade["service:rate-engine|DEPENDS_ON|service:geo-index"]).toBe("source_backed");
    expect(grade["service:checkout-api|DEPENDS_ON|service:rate-engine"]).toBe("inferred");
    expect(grade["service:route-planner|USES|service:geo-index"]).toBe("insufficient");
    expect(m.pathGrades).toEqual(["source_backed", "inferred", "insufficient"]);
    expect(m.counts).toEqual({ paths: 3, source_backed: 1, inferred: 1, insufficient: 1, ungraded: 0 });
  });

  it("marks everything ungraded when the API sent no hop grades", () => {
    const m = buildRadar(makeImpact({}, { graded: false }));
    expect(m.graded).toBe(false);
    expect(m.edges.every((e) => e.grade === "ungraded")).toBe(true);
    expect(m.counts.ungraded).toBe(3);
  });

  it("summarizes counts in words", () => {
    expect(summarize({ paths: 12, source_backed: 1, inferred: 11, insufficient: 0, ungraded: 0 }))
      .toBe("12 paths, 1 source-backed, 11 inferred");
    expect(summarize({ paths: 1, source_backed: 0, inferred: 0, insufficient: 0, ungraded: 1 })).toBe("1 path, 1 ungraded");
  });
});

describe("RadarLegend", () => {
  it("shows the grade counts up front and a legend entry per grade", () => {
    const m = buildRadar(makeImpact());
    render(<RadarLegend counts={m.counts} graded={m.graded} />);
    expect(screen.getByTestId("grade-summary")).toHaveTextContent("3 paths, 1 source-backed, 1 inferred, 1 insufficient");
    expect(screen.getByTestId("legend-source_backed")).toHaveTextContent(/Source-backed\s*1\s*solid/);
    expect(screen.getByTestId("legend-inferred")).toHaveTextContent(/⚠ Inferred\s*1\s*dashed/);
    expect(screen.getByTestId("legend-insufficient")).toHaveTextContent(/Insufficient\s*1\s*greyed/);
    expect(screen.queryByText(/not hop-graded/)).toBeNull();
  });

  it("says plainly when nothing was graded", () => {
    const m = buildRadar(makeImpact({}, { graded: false }));
    render(<RadarLegend counts={m.counts} graded={m.graded} />);
    expect(screen.getByTestId("grade-summary")).toHaveTextContent("3 paths, 3 ungraded");
    expect(screen.getByText(/not hop-graded by the API/)).toBeInTheDocument();
  });
});
