import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { makeImpact } from "../../test/fixtures";
import { json, renderAt, stubFetch } from "../../test/render";
import { RadarLegend } from "./RadarLegend";
import { ALL_GRADES, buildRadar, filterImpact, relTypesOf, summarize } from "./radarModel";
import { PAGE, RadarScreen } from "./RadarScreen";

// jsdom has no canvas: the drawing is Cytoscape's (checked in the browser tests); the lists beside it are real.
vi.mock("../../shared/graph/CyGraph", () => ({ CyGraph: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

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

describe("radar filters and cap", () => {
  it("keeps paths whose grade and every predicate are wanted, strongest first, at most `limit`", () => {
    const impact = makeImpact();
    const all = filterImpact(impact, { relTypes: null, grades: new Set(ALL_GRADES), limit: 40 });
    expect(all.impact.paths?.map((p) => p.entity_name)).toEqual(["rate-engine", "checkout-api", "route-planner"]);
    const noUses = filterImpact(impact, { relTypes: new Set(["DEPENDS_ON"]), grades: new Set(ALL_GRADES), limit: 40 });
    expect(noUses.impact.paths?.map((p) => p.entity_name)).toEqual(["rate-engine", "checkout-api"]);
    const backed = filterImpact(impact, { relTypes: null, grades: new Set(["source_backed" as const]), limit: 40 });
    expect(backed.impact.paths?.map((p) => p.entity_name)).toEqual(["rate-engine"]);
    const capped = filterImpact(impact, { relTypes: null, grades: new Set(ALL_GRADES), limit: 1 });
    expect([capped.shown, capped.hidden]).toEqual([1, 2]);
    expect(relTypesOf(impact)).toEqual(["DEPENDS_ON", "USES"]);
  });

  it("the screen shows a page of paths, 'Show more' adds the rest, and Escape closes the inspector", async () => {
    const many = makeImpact();
    const base = many.paths![0]!;
    many.paths = Array.from({ length: PAGE + 5 }, (_, i) => ({ ...base, entity_id: `service:s${i}`, entity_name: `s${i}`,
      hops: [{ ...base.hops[0]!, source: `service:s${i}`, source_name: `s${i}` }] }));
    vi.stubGlobal("fetch", stubFetch({ "/api/impact": () => json(many), "/api/policy": () => json({}),
      "/api/evidence/": () => json({ id: "ev_s0", document_id: "d", document_title: "D", chunk_id: "c", start: 0, end: 5,
        text: "s0 depends on geo-index.", kind: "sentence", relations: [] }) }));
    renderAt(<RadarScreen />, { path: "/radar", url: "/radar?entity=geo-index&depth=1" });
    expect(await screen.findByTestId("radar-shown")).toHaveTextContent(`Showing ${PAGE} of ${PAGE + 5} paths`);
    await userEvent.click(screen.getByTestId("show-more"));
    expect(screen.getByTestId("radar-shown")).toHaveTextContent(`Showing ${PAGE + 5} of ${PAGE + 5} paths`);
    await userEvent.click(screen.getAllByTestId("edge-button")[0]!);
    expect(screen.getByTestId("inspector")).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByTestId("inspector")).toBeNull();
    vi.unstubAllGlobals();
  });
});
