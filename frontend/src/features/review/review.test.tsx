import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderAt, stubFetch, urlOf } from "../../test/render";
import { ChangeReviewScreen } from "./ChangeReviewScreen";
import { makeReview } from "./fixtures";
import { buildReviewRadar } from "./reviewRadar";

// jsdom has no canvas: the graph is drawn by Cytoscape in the real-browser tests; here it stands as its label.
vi.mock("../../shared/graph/CyGraph", () => ({ CyGraph: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

afterEach(() => vi.unstubAllGlobals());

describe("review radar", () => {
  it("puts every changed system on the inner ring and each affected one on its fewest-hops ring", () => {
    const { model, impact } = buildReviewRadar(makeReview());
    const ring = Object.fromEntries(model.nodes.map((n) => [n.name, n.ring]));
    expect(ring).toEqual({ ledger: 0, tiles: 0, billing: 1, search: 1, invoices: 2 });
    expect(model.anchor).toBeNull();
    expect(model.edges.map((e) => [e.key, e.grade])).toEqual([
      ["service:billing|DEPENDS_ON|service:ledger", "source_backed"],
      ["service:search|DEPENDS_ON|service:tiles", "source_backed"],
      ["service:invoices|DEPENDS_ON|service:billing", "inferred"],
    ]);
    expect(impact.paths).toHaveLength(3);
    expect(model.counts).toMatchObject({ paths: 3, source_backed: 2, inferred: 1 });
  });
});

describe("change review screen", () => {
  it("reviews pasted text without storing it and shows matches, hops, owners and gaps", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => {
      if (urlOf(input).pathname === "/api/change-reviews/preview") {
        posted.push(await (input as Request).json());
        return json(makeReview());
      }
      return stubFetch({ "/api/change-reviews/sources": () => json([]),
        "/api/change-reviews": () => json({ reviews: [], limit: 20 }) })(input);
    }));
    renderAt(<ChangeReviewScreen />);
    await userEvent.type(screen.getByLabelText("Change text"), "Retry ledger writes");
    await userEvent.click(screen.getByRole("button", { name: "Review" }));
    await screen.findByTestId("review-result");
    expect(posted).toEqual([{ text: "Retry ledger writes", depth: 2 }]);
    const rows = screen.getByTestId("review-matches").querySelectorAll("tbody tr");
    expect([...rows].map((r) => r.getAttribute("data-kind"))).toEqual(["exact", "path"]);
    const affected = screen.getAllByTestId("affected").map((li) => li.textContent);
    expect(affected[0]).toMatch(/billing.*from ledger/);
    expect(affected[2]).toMatch(/invoices.*inferred/);
    expect(screen.getByText("The Payments team owns ledger.")).toBeInTheDocument();
    expect(screen.getByText(/said in #payments on 2026-04-21/)).toBeInTheDocument();
    expect(screen.getByTestId("review-gaps")).toHaveTextContent("tools/pretty.py");
    expect(screen.getByRole("img")).toHaveAccessibleName(/3 affected entities/);
    await userEvent.click(screen.getByRole("button", { name: "Save with a permalink" }));  // a write: asks the token
    expect(screen.getByTestId("token-form")).toBeInTheDocument();
  });

  it("says when the graph is down instead of showing an empty review", async () => {
    vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => urlOf(input).pathname.endsWith("preview")
      ? json({ status: "unavailable", kind: "unavailable", message: "graph down", retriable: true }, 503)
      : json(urlOf(input).pathname.endsWith("sources") ? [] : { reviews: [], limit: 20 })));
    renderAt(<ChangeReviewScreen />);
    await userEvent.type(screen.getByLabelText("Change text"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Review" }));
    await waitFor(() => expect(screen.getByTestId("graph-unavailable")).toBeInTheDocument());
    expect(screen.queryByTestId("review-result")).toBeNull();
  });
});
