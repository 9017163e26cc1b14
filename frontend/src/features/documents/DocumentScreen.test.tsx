import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderAt, stubFetch } from "../../test/render";
import { DocumentScreen } from "./DocumentScreen";

afterEach(() => vi.unstubAllGlobals());

const text = '---\nid: "doc"\n"assignee": "Mei Lin"\n---\n# Platform\n\nThe **Routing** team owns geo-index. Other text.\n';
const sentence = "The **Routing** team owns geo-index.";
const start = text.indexOf(sentence);
const end = start + sentence.length;
const doc = { id: "doc", title: "Platform architecture", source_type: "confluence", text, authors: [], participants: [], chunks: 1 };

describe("document view", () => {
  it("renders Markdown and highlights exactly the cited range, scrolled to and focused", async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    vi.stubGlobal("fetch", stubFetch({ "/api/documents/doc": () => json(doc) }));
    const { container } = renderAt(<DocumentScreen />, { path: "/documents/:id", url: `/documents/doc?start=${start}&end=${end}&ev=ev_1` });
    await screen.findByRole("heading", { name: "Platform", level: 1 });
    const marks = [...container.querySelectorAll("mark.cited")].map((m) => m.textContent).join("");
    expect(marks).toBe("The Routing team owns geo-index.");
    expect(container.querySelector("strong")).toHaveTextContent("Routing");
    const first = screen.getByTestId("cited-range");
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    await waitFor(() => expect(first).toHaveFocus());
  });

  it("shows the front matter as a table and highlights a cited metadata line there", async () => {
    vi.stubGlobal("fetch", stubFetch({ "/api/documents/doc": () => json(doc) }));
    const line = text.indexOf('"assignee"');
    renderAt(<DocumentScreen />, { path: "/documents/:id", url: `/documents/doc?start=${line}&end=${line + 20}` });
    const table = await screen.findByRole("table", { name: "Document metadata" });
    expect(within(table).getByTestId("cited-range")).toHaveTextContent("Mei Lin");
    expect(within(table).getByRole("rowheader", { name: "Assignee" })).toBeInTheDocument();
  });

  it("'Show exact text' shows the stored characters with the same range marked", async () => {
    vi.stubGlobal("fetch", stubFetch({ "/api/documents/doc": () => json(doc) }));
    renderAt(<DocumentScreen />, { path: "/documents/:id", url: `/documents/doc?start=${start}&end=${end}` });
    await userEvent.click(await screen.findByRole("button", { name: "Show exact text" }));
    await waitFor(() => expect(screen.getByTestId("cited-range")).toHaveTextContent(sentence));
  });

  it("says so when the range does not fit the document", async () => {
    vi.stubGlobal("fetch", stubFetch({ "/api/documents/doc": () => json({ ...doc, text: "short" }) }));
    renderAt(<DocumentScreen />, { path: "/documents/:id", url: "/documents/doc?start=10&end=20" });
    expect(await screen.findByRole("alert")).toHaveTextContent("outside this document");
    expect(screen.queryByTestId("cited-range")).toBeNull();
  });

  it("shows not found for a missing document", async () => {
    vi.stubGlobal("fetch", stubFetch({ "/api/documents/nope": () => json({ status: "not_found", kind: "not_found", message: "no document 'nope'" }, 404) }));
    renderAt(<DocumentScreen />, { path: "/documents/:id", url: "/documents/nope" });
    expect(await screen.findByRole("alert")).toHaveTextContent("no document 'nope'");
  });
});
