import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { citation, makeAnswer } from "../../test/fixtures";
import { json, renderAt, urlOf, Where } from "../../test/render";
import { AskScreen } from "./AskScreen";
import { ConversationProvider, STORAGE_KEY } from "./conversation";
import { disambiguate, replaceNearest } from "./rephrase";

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
const asked = async (call: unknown[] | undefined) => ((await (call?.[0] as Request).clone().json()) as { question: string }).question;

describe("Ask screen", () => {
  it("streams the real steps, then shows the answer with its chips", async () => {
    const answer = makeAnswer();
    const stream =
      ev("plan", { steps: ["resolve geo-index", "who_owns"] }) +
      ev("tool_call", { name: "who_owns", args: { entity_id: "service:geo-index" } }) +
      ev("tool_result", { name: "who_owns", outcome: "found", rows: 2,
        queries: [{ name: "who_owns", rows: 2, run_time_ms: 0.42, cypher: "MATCH", params: {} }] }) +
      ev("verdict", { ok: true }) + ev("answer", { answer });
    const fetchMock = vi.fn(async (_req: Request) => sseResponse(stream, [3, 40, 41, 97, 150]));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns geo-index?{Enter}");
    expect(await screen.findByTestId("answer")).toHaveAttribute("data-status", "answered");
    const steps = screen.getByTestId("step-list");
    expect(steps).toHaveTextContent("Call who_owns");
    expect(steps).toHaveTextContent("found · 2 rows");
    expect(steps).toHaveTextContent("who_owns: 2 rows in 0.4 ms");
    expect(screen.getAllByTestId("citation-chip")).toHaveLength(1);
    expect(urlOf(fetchMock.mock.calls[0]![0]).pathname).toBe("/api/answers/stream");
    expect(await asked(fetchMock.mock.calls[0])).toBe("Who owns geo-index?");
    await waitFor(() => expect(screen.getByTestId("answer")).toHaveFocus());
  });

  it("shows the graph-unavailable notice on HTTP 503, without the server's raw text", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ status: "unavailable", kind: "unavailable",
      message: "Error 111 connecting to 127.0.0.1:59287. Connection refused." }, 503)));
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns geo-index?{Enter}");
    expect(await screen.findByTestId("graph-unavailable")).toHaveTextContent("unavailable");
    expect(document.body.textContent).not.toMatch(/Error 111|127\.0\.0\.1/);
  });

  it("shows graph unavailable when the stream ends in an unavailable error event", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => sseResponse(
      ev("tool_call", { name: "resolve_entity", args: { name: "geo-index" } }) +
      ev("error", { status: "unavailable", kind: "unavailable", message: "FalkorDB refused the connection" }), [10])));
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns geo-index?{Enter}");
    expect(await screen.findByTestId("graph-unavailable")).toBeInTheDocument();
  });

  it("Stop aborts the request (the server cancels its work when the stream closes)", async () => {
    let seen: AbortSignal | undefined;
    vi.stubGlobal("fetch", vi.fn((req: Request) => {
      seen = req.signal;
      return new Promise<Response>((_ok, fail) => req.signal.addEventListener("abort",
        () => fail(new DOMException("aborted", "AbortError"))));
    }));
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "What breaks if geo-index changes?{Enter}");
    await userEvent.click(await screen.findByTestId("stop"));
    expect(seen?.aborted).toBe(true);
    expect(await screen.findByText("Stopped")).toBeInTheDocument();
    expect(screen.queryByTestId("stop")).toBeNull();
  });

  it("counts characters and refuses (never cuts) a question over the server's limit", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<AskScreen />);
    const box = screen.getByLabelText("Question");
    await userEvent.click(box);
    await userEvent.paste("x".repeat(4005));
    expect(box).toHaveValue("x".repeat(4005));
    expect(screen.getByTestId("char-count")).toHaveTextContent("4,005 / 4,000 characters: 5 too many");
    expect(screen.getByRole("button", { name: "Ask" })).toBeDisabled();
    await userEvent.keyboard("{Enter}");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the conversation when a citation is opened and the page is left and reloaded", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => sseResponse(ev("answer", { answer: makeAnswer() }), [])));
    const ui = (
      <MemoryRouter initialEntries={["/"]}>
        <ConversationProvider>
          <Routes>
            <Route path="/" element={<><AskScreen /><Where /></>} />
            <Route path="*" element={<Where />} />
          </Routes>
        </ConversationProvider>
      </MemoryRouter>
    );
    const { unmount } = render(ui);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns geo-index?{Enter}");
    // The Ask URL lists the conversation's stored answers (a bookmark or a shared link restores them).
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/?a=ans_1"));
    await userEvent.click(await screen.findByTestId("citation-chip"));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(`/documents/${citation.document_id}`));
    // A full reload (new providers) restores it from sessionStorage.
    unmount();
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toContain("Who owns geo-index?");
    render(ui);
    expect(await screen.findByTestId("answer")).toHaveAttribute("data-status", "answered");
    expect(screen.getByText("Who owns geo-index?")).toBeInTheDocument();
  });

  it("re-asks with the chosen candidate's name and type", async () => {
    const ambiguous = makeAnswer({ status: "ambiguous", question: "Who owns Atlas?", citations: [], text: "Which Atlas?",
      candidates: [{ entity_id: "team:atlas", name: "Atlas", type: "Team", documents: 1, sources: [] },
        { entity_id: "service:atlas", name: "Atlas", type: "Service", documents: 1, sources: [] }] });
    const fetchMock = vi.fn(async (_req: Request) => sseResponse(ev("answer", { answer: ambiguous }), []));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<AskScreen />);
    await userEvent.type(screen.getByLabelText("Question"), "Who owns Atlas?{Enter}");
    await userEvent.click(await screen.findByRole("button", { name: "Ask about Atlas, the Service" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(await asked(fetchMock.mock.calls[1])).toBe("Who owns Atlas (the service)?");
  });
});

describe("asking again about a picked name", () => {
  const c = (name: string, type: string) => ({ name, type });
  it("'Which one?' puts the type right after the name, where the answering loop reads a type hint", () => {
    expect(disambiguate("Who owns Atlas?", c("Atlas", "Team"))).toBe("Who owns Atlas (the team)?");
    expect(disambiguate("what does atlas depend on?", c("Atlas", "Service"))).toBe("what does Atlas (the service) depend on?");
    expect(disambiguate("Who owns it?", c("geo-index", "Service"))).toBe("Who owns it: geo-index (the service)?");
  });

  it("'Did you mean' replaces the misspelt words by the suggestion", () => {
    expect(replaceNearest("Who owns geo-indx?", "geo-index")).toBe("Who owns geo-index?");
    expect(replaceNearest("what breaks if ledgr sync changes", "ledger-sync")).toBe("what breaks if ledger-sync changes");
    expect(replaceNearest("Who owns it?", "geo-index")).toBe("Who owns it: geo-index?");
  });
});
