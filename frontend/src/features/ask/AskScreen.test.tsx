import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeAnswer } from "../test/fixtures";
import { json, renderAt } from "../test/render";
import { AskScreen } from "./AskScreen";

afterEach(() => vi.unstubAllGlobals());

/** An SSE response whose body arrives in chunks cut at awkward places. */
function sseResponse(text: string, cuts: number[]): Response {
  const bytes = new TextEncoder().encode(text);
  const bounds = [0, ...cuts, bytes.length];
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bounds.length - 1; i++) c.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}

const ev = (type: string, data: unknown) => `event: ${type}\r\ndata: ${JSON.stringify(data)}\r\n\r\n`;

describe("Ask screen", () => {
  it("streams the real steps, then shows the answer with its chips", async () => {
    const answer = makeAnswer();
    const stream =
      ev("plan", { steps: ["resolve geo-index", "who_owns"] }) +
      ev("tool_call", { name: "who_owns", args: { entity_id: "service:geo-index" } }) +
      ev("tool_result", { name: "who_owns", outcome: "found", rows: 2,
        queries: [{ name: "who_owns", rows: 2, run_time_ms: 0.42, cypher: "MATCH", params: {} }] }) +
      ev("verdict", { ok: true }) + ev("answer", answer);
    const fetchMock = vi.fn(async () => sseResponse(stream, [3, 40, 41, 97, 150]));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns geo-index?{Enter}");
    expect(await screen.findByTestId("answer")).toHaveAttribute("data-status", "answered");
    const steps = screen.getByTestId("step-list");
    expect(steps).toHaveTextContent("Call who_owns");
    expect(steps).toHaveTextContent('{"entity_id":"service:geo-index"}');
    expect(steps).toHaveTextContent("found · 2 rows");
    expect(steps).toHaveTextContent("who_owns: 2 rows in 0.4 ms");
    expect(screen.getAllByTestId("citation-chip")).toHaveLength(1);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ question: "Who owns geo-index?" });
  });

  it("shows graph unavailable on HTTP 503", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ status: "unavailable", kind: "unavailable", message: "graph down" }, 503)));
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns geo-index?{Enter}");
    expect(await screen.findByTestId("graph-unavailable")).toHaveTextContent("graph down");
  });

  it("shows graph unavailable when the stream ends in an unavailable error event", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => sseResponse(
      ev("tool_call", { name: "resolve_entity", args: { name: "geo-index" } }) +
      ev("error", { status: "unavailable", kind: "unavailable", message: "FalkorDB refused the connection" }), [10])));
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns geo-index?{Enter}");
    expect(await screen.findByTestId("graph-unavailable")).toHaveTextContent("FalkorDB refused");
  });

  it("re-asks with the chosen candidate's name and type", async () => {
    const ambiguous = makeAnswer({ status: "ambiguous", question: "Who owns Atlas?", citations: [], text: "Which Atlas?",
      candidates: [{ entity_id: "team:atlas", name: "Atlas", type: "Team", documents: 1, sources: [] },
        { entity_id: "service:atlas", name: "Atlas", type: "Service", documents: 1, sources: [] }] });
    const fetchMock = vi.fn(async () => sseResponse(ev("answer", ambiguous), []));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns Atlas?{Enter}");
    await userEvent.click(await screen.findByRole("button", { name: "Ask about Atlas, the Service" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    const asked = JSON.parse(String(init.body)).question as string;
    expect(asked).toBe("Who owns Atlas (the service)?");
  });
});

describe("disambiguate", () => {
  const c = (name: string, type: string) => ({ entity_id: `${type}:${name}`, name, type, documents: 1, sources: [] });
  it("puts the type right after the name, where the answering loop reads a type hint", async () => {
    const { disambiguate } = await import("./AskScreen");
    expect(disambiguate("Who owns Atlas?", c("Atlas", "Team"))).toBe("Who owns Atlas (the team)?");
    expect(disambiguate("what does atlas depend on?", c("Atlas", "Service"))).toBe("what does Atlas (the service) depend on?");
    expect(disambiguate("Who owns it?", c("geo-index", "Service"))).toBe("Who owns it: geo-index (the service)?");
  });
});
