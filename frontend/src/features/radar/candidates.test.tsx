/** An ambiguous name ("Atlas": a Team, a Service, a Customer): each candidate is a button that loads it by id. */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CandidateOut, ImpactOut, NeighborhoodOut, ResolutionOut } from "../api/types";
import { ExplorerScreen } from "../explorer/ExplorerScreen";
import { makeImpact, policy } from "../test/fixtures";
import { json, renderAt } from "../test/render";
import { RadarScreen } from "./RadarScreen";
import { ResolutionNotice } from "./ResolutionNotice";

afterEach(() => vi.unstubAllGlobals());

const candidate = (type: string, doc_count: number): CandidateOut => ({
  id: `${type.toLowerCase()}:atlas`, name: "Atlas", type, doc_count, relation_count: 2, sample_sources: [], score: null,
});
const atlases = [candidate("Customer", 2), candidate("Service", 4), candidate("Team", 1)];
const ambiguous: ResolutionOut = { outcome: "ambiguous", name: "Atlas", match: "exact", candidates: atlases, queries: [], policy };
const resolved = (c: CandidateOut): ResolutionOut => ({ ...ambiguous, outcome: "resolved", match: null, candidates: [c] });

/** A fetch mock that answers by path and remembers every URL it was asked for. */
function mockFetch(answer: (url: URL) => unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://test");
    return json(answer(url));
  });
  vi.stubGlobal("fetch", fetchMock);
  return () => fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://test"));
}

describe("ResolutionNotice candidates", () => {
  it("shows name, type and document count on a button per candidate", () => {
    const onPick = vi.fn();
    render(<ResolutionNotice outcome="ambiguous" resolution={ambiguous} onPick={onPick} />);
    const buttons = within(screen.getByRole("list")).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Atlas Customer 2 documents", "Atlas Service 4 documents",
      "Atlas Team 1 document"]);
  });

  it("lists the candidates without buttons when nothing can be loaded", () => {
    render(<ResolutionNotice outcome="ambiguous" resolution={ambiguous} />);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    expect(screen.getByTestId("candidate-team:atlas")).toHaveTextContent("Atlas Team 1 document");
  });
});

describe("radar: picking a candidate of an ambiguous name", () => {
  it("requests the impact of that candidate by entity_id (keyboard)", async () => {
    const service = atlases[1]!;
    const calls = mockFetch((url) => {
      const id = url.searchParams.get("entity_id");
      const impact: ImpactOut = id
        ? makeImpact({ entity: "Atlas", depth: 2, outcome: "no_evidence", paths: [], resolution: resolved(service),
            message: "the graph records nothing that would be affected by a change to it" })
        : makeImpact({ entity: "Atlas", depth: 2, outcome: "ambiguous", paths: [], resolution: ambiguous });
      return impact;
    });
    renderAt(<RadarScreen />, { path: "/radar", url: "/radar?entity=Atlas&depth=2" });
    await screen.findByTestId("resolution-ambiguous");
    expect(calls().map((u) => u.searchParams.get("entity"))).toEqual(["Atlas"]);

    const user = userEvent.setup();
    const button = screen.getByRole("button", { name: /Atlas\s+Service\s+4 documents/ });
    button.focus();
    await user.keyboard("{Enter}");

    const notice = await screen.findByTestId("resolution-no_evidence");
    expect(notice).toHaveTextContent("Service");
    const last = calls().at(-1)!;
    expect(last.pathname).toBe("/api/impact");
    expect(last.searchParams.get("entity_id")).toBe("service:atlas");
    expect(last.searchParams.get("entity")).toBeNull();
    expect(last.searchParams.get("depth")).toBe("2");
  });
});

describe("explorer: picking a candidate of an ambiguous name", () => {
  it("requests the neighbourhood of that candidate by entity_id", async () => {
    const team = atlases[2]!;
    const calls = mockFetch((url) => {
      if (url.pathname === "/api/entities") return ambiguous;
      const hood: NeighborhoodOut = { entity: "Atlas", outcome: "no_evidence", resolution: resolved(team), nodes: [],
        edges: [], message: "nothing walkable", queries: [], policy };
      return hood;
    });
    renderAt(<ExplorerScreen />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Entity"), "Atlas{Enter}");
    await screen.findByTestId("resolution-ambiguous");
    await user.click(screen.getByRole("button", { name: /Atlas\s+Team\s+1 document/ }));
    await waitFor(() => expect(calls().some((u) => u.pathname === "/api/graph/neighborhood")).toBe(true));
    const hood = calls().find((u) => u.pathname === "/api/graph/neighborhood")!;
    expect(hood.searchParams.get("entity_id")).toBe("team:atlas");
    expect(hood.searchParams.get("entity")).toBeNull();
  });
});
