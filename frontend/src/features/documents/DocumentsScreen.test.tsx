import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DocumentsOut } from "../../api/types";
import { json, renderAt, urlOf } from "../../test/render";
import { DocumentsScreen } from "./DocumentsScreen";

afterEach(() => vi.unstubAllGlobals());

const page = (over: Partial<DocumentsOut> = {}): DocumentsOut => ({
  documents: [{ id: "d1", title: "Runbook: geo-index", source_type: "confluence", updated: "2026-03-28", hits: [] }],
  total: 1, offset: 0, limit: 25, source_type: null, q: null, source_types: { confluence: 3, jira: 2 }, queries: [], ...over,
});

describe("documents screen", () => {
  it("lists documents and filters by source type through the URL", async () => {
    const fetchMock = vi.fn(async (req: Request) => json(page({ source_type: urlOf(req).searchParams.get("source_type") })));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<DocumentsScreen />, { path: "/documents", url: "/documents" });
    expect(await screen.findByRole("link", { name: "Runbook: geo-index" })).toHaveAttribute("href", "/documents/d1");
    await userEvent.selectOptions(screen.getByLabelText("Source"), "jira");
    await waitFor(() => expect(urlOf(fetchMock.mock.calls.at(-1)![0]).searchParams.get("source_type")).toBe("jira"));
  });

  it("searches sentences and links each matching sentence to its highlighted range", async () => {
    const fetchMock = vi.fn(async (req: Request) => json(urlOf(req).searchParams.get("q") ? page({ q: "tile", documents: [
      { id: "d1", title: "Runbook", source_type: "confluence", hits: [{ evidence_id: "ev_1", text: "Tile cache eviction storm.", start: 5, end: 31 }] }] })
      : page()));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<DocumentsScreen />, { path: "/documents", url: "/documents" });
    await userEvent.type(await screen.findByLabelText("Words"), "tile cache{Enter}");
    const hit = await screen.findByText("Tile cache eviction storm.");
    expect(hit.closest("a")).toHaveAttribute("href", "/documents/d1?start=5&end=31&ev=ev_1");
    expect(screen.getByTestId("documents-count")).toHaveTextContent("1 document match");
  });

  it("says plainly when nothing matches", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(page({ documents: [], total: 0, q: "zz" }))));
    renderAt(<DocumentsScreen />, { path: "/documents", url: "/documents?q=zz" });
    expect(await screen.findByTestId("documents-count")).toHaveTextContent("No document has a sentence with these words.");
  });
});
