import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderAt, urlOf } from "../../test/render";
import { HistoryScreen } from "./HistoryScreen";

afterEach(() => vi.unstubAllGlobals());

const entry = { id: "a1", question: "Who owns geo-index?", status: "answered", created_at: "2026-03-20T10:00:00Z", citations: 2 };

describe("history screen", () => {
  it("searches by question words and filters by status (both in the request and the URL)", async () => {
    const fetchMock = vi.fn(async (_req: Request) => json({ answers: [entry], limit: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<HistoryScreen />, { path: "/history", url: "/history" });
    await screen.findByRole("link", { name: "Who owns geo-index?" });
    await userEvent.type(screen.getByLabelText("Question contains"), "geo{Enter}");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "abstained");
    await waitFor(() => {
      const last = urlOf(fetchMock.mock.calls.at(-1)![0]);
      expect([last.searchParams.get("q"), last.searchParams.get("status")]).toEqual(["geo", "abstained"]);
    });
    expect(screen.getByRole("link", { name: "Who owns geo-index?" })).toHaveAttribute("href", "/answers/a1");
  });

  it("'Ask again' asks the question on the Ask screen", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ answers: [entry], limit: 200 })));
    renderAt(<HistoryScreen />, { path: "/history", url: "/history" });
    await userEvent.click(await screen.findByRole("button", { name: "Ask again: Who owns geo-index?" }));
    expect(await screen.findByTestId("where")).toHaveTextContent("/?ask=Who%20owns%20geo-index%3F");
  });
});
