import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderAt, stubFetch } from "../../test/render";
import { DocumentScreen } from "./DocumentScreen";

afterEach(() => vi.unstubAllGlobals());

const text = "---\nid: doc\n---\n# Platform\nThe Routing team owns geo-index. Other text.";
const start = text.indexOf("The Routing");
const end = start + "The Routing team owns geo-index.".length;

describe("document view", () => {
  it("highlights exactly the cited range and scrolls it into view", async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    vi.stubGlobal("fetch", stubFetch({ "/api/documents/doc": () => json({ id: "doc", title: "Platform architecture",
      source_type: "confluence", text, authors: [], participants: [], chunks: 1 }) }));
    renderAt(<DocumentScreen />, { path: "/documents/:id", url: `/documents/doc?start=${start}&end=${end}&ev=ev_1` });
    const mark = await screen.findByTestId("cited-range");
    expect(mark.textContent).toBe("The Routing team owns geo-index.");
    // The scroll and focus happen in an effect after the mark is rendered: wait for it, never assume it.
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    await waitFor(() => expect(mark).toHaveFocus());
  });

  it("says so when the range does not fit the document", async () => {
    vi.stubGlobal("fetch", stubFetch({ "/api/documents/doc": () => json({ id: "doc", title: "T", source_type: "text", text: "short" }) }));
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
