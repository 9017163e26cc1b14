/** One candidate component and one wording on Radar and Explorer (as on Ask): "Which one?" for a name several
 * entities share, "Did you mean …?" for a near miss; each candidate loads exactly that entity by id. */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CandidateOut, ImpactOut, NeighborhoodOut, ResolutionOut } from "../../api/types";
import { ResolutionNotice } from "../../shared/ResolutionNotice";
import { makeImpact, policy } from "../../test/fixtures";
import { json, renderAt, urlOf } from "../../test/render";
import { ExplorerScreen } from "../explorer/ExplorerScreen";
import { RadarScreen } from "./RadarScreen";

afterEach(() => vi.unstubAllGlobals());

const candidate = (type: string, doc_count: number, name = "Atlas"): CandidateOut => ({
  id: `${type.toLowerCase()}:${name.toLowerCase()}`, name, type, doc_count, relation_count: 2, sample_sources: [], score: null,
});
const atlases = [candidate("Customer", 2), candidate("Service", 4), candidate("Team", 1)];
const ambiguous: ResolutionOut = { outcome: "ambiguous", name: "Atlas", match: "exact", candidates: atlases, queries: [], policy };
const resolved = (c: CandidateOut): ResolutionOut => ({ ...ambiguous, outcome: "resolved", match: null, candidates: [c] });

/** A fetch mock that answers by path and remembers every URL it was asked for. */
function mockFetch(answer: (url: URL) => unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => json(answer(urlOf(input))));
  vi.stubGlobal("fetch", fetchMock);
  return () => fetchMock.mock.calls.map(([input]) => urlOf(input));
}

describe("ResolutionNotice candidates", () => {
  it("asks 'Which one?' with name, type and document count per candidate", () => {
    render(<ResolutionNotice outcome="ambiguous" resolution={ambiguous} onPick={vi.fn()} />);
    expect(screen.getByTestId("candidates")).toHaveTextContent("“Atlas” could mean 3 different things. Which one?");
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((b) => b.textContent)).toEqual(["AtlasCustomer2 documents", "AtlasService4 documents",
      "AtlasTeam1 document"]);
  });

  it("says 'Did you mean …?' for a near miss (fuzzy match or an unknown name with suggestions)", () => {
    const geo = candidate("Service", 5, "geo-index");
    render(<ResolutionNotice outcome="unknown" resolution={{ ...ambiguous, outcome: "unknown", name: "geo-indx",
      match: "fuzzy", candidates: [geo] }} onPick={vi.fn()} />);
    expect(screen.getByTestId("candidates")).toHaveTextContent("Did you mean geo-index?");
    expect(document.body.textContent).not.toMatch(/ambiguous/i);
  });

  it("lists the candidates without buttons when nothing can be loaded", () => {
    render(<ResolutionNotice outcome="ambiguous" resolution={ambiguous} />);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    expect(screen.getByTestId("candidate-team:atlas")).toHaveTextContent("AtlasTeam1 document");
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
    screen.getByRole("button", { name: "Show the impact of Atlas, the Service" }).focus();
    await user.keyboard("{Enter}");
    const notice = await screen.findByTestId("resolution-no_evidence");
    expect(notice).toHaveTextContent("Service");
    const last = calls().at(-1)!;
    expect(last.pathname).toBe("/api/impact");
    expect(last.searchParams.get("entity_id")).toBe("service:atlas");
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
    await user.click(screen.getByRole("button", { name: "Explore Atlas, the Team" }));
    await waitFor(() => expect(calls().some((u) => u.pathname === "/api/graph/neighborhood")).toBe(true));
    const hood = calls().find((u) => u.pathname === "/api/graph/neighborhood")!;
    expect(hood.searchParams.get("entity_id")).toBe("team:atlas");
    expect(hood.searchParams.get("entity")).toBeNull();
  });
});
