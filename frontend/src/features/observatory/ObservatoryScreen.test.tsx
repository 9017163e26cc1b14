import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { makeHealth, reachableGraph } from "../../test/fixtures";
import { json, renderAt, stubFetch } from "../../test/render";
import { GraphPanel, HealthPanels, ObservatoryScreen, SupervisorPanel } from "./ObservatoryScreen";

afterEach(() => vi.unstubAllGlobals());

describe("observatory", () => {
  it("shows an unreachable graph as unreachable, never as 0 nodes", () => {
    render(<GraphPanel graph={{ name: "zehn", reachable: false, error: "connection refused on 127.0.0.1:6390",
      kind: "unavailable", exists: null, labels: null, rel_types: null, relates: null }} />);
    expect(screen.getByTestId("graph-state")).toHaveTextContent("Unreachable");
    expect(screen.getByText(/connection refused/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\b0 (nodes|relations)\b/);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("keeps API health and graph health in two panels", async () => {
    vi.stubGlobal("fetch", stubFetch({ "/api/health": () => json(makeHealth({ ...reachableGraph, reachable: false,
      error: "down", labels: null, rel_types: null, relates: null, exists: null })) }));
    renderAt(<ObservatoryScreen />);
    expect(await screen.findByTestId("api-state")).toHaveTextContent("OK");
    expect(screen.getByTestId("graph-state")).toHaveTextContent("Unreachable");
    expect(screen.getByRole("region", { name: "API" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Graph" })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\b0 nodes\b/);
  });

  it("shows counts when the graph is reachable", () => {
    render(<GraphPanel graph={reachableGraph} />);
    expect(screen.getByTestId("graph-state")).toHaveTextContent("Reachable");
    expect(screen.getByRole("rowheader", { name: "Document" })).toBeInTheDocument();
  });

  it("when the API itself does not answer, the graph's state is unknown (not zero)", () => {
    render(<HealthPanels health={{ state: "error", error: new ApiError(0, { status: "unreachable", kind: "network", message: "the ZEHN API cannot be reached" }) }} />);
    expect(screen.getByTestId("api-state")).toHaveTextContent("Unreachable");
    expect(screen.getByTestId("graph-state")).toHaveTextContent("Unknown");
  });
});

describe("observatory: supervisor and internal labels", () => {
  it("hides the graph library's own labels", () => {
    render(<GraphPanel graph={{ ...reachableGraph, labels: { Document: 26, __Entity__: 140, __GraphRAGConfig__: 1 } }} />);
    expect(screen.getByTestId("graph-state").textContent).not.toMatch(/__Entity__|__GraphRAGConfig__/);
    expect(screen.getByRole("rowheader", { name: "Document" })).toBeInTheDocument();
  });

  it("shows the supervisor's state and restarts, with the raw error only as folded detail", () => {
    render(<SupervisorPanel supervisor={{ mode: "embedded", state: "ready", restarts: 2,
      last_error: "Error 111 connecting to 127.0.0.1:59287", last_restart_at: "2026-03-20T10:00:00Z" }} />);
    expect(screen.getByTestId("restarts")).toHaveTextContent("2");
    expect(screen.getByTestId("supervisor")).toHaveTextContent("ready");
    expect(screen.getByText("Technical detail").closest("details")).not.toHaveAttribute("open");
  });
});
