import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, MemoryRouter, useLocation } from "react-router";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { citation } from "../../test/fixtures";
import { CitationChip } from "./CitationChip";
import { documentHref } from "../../shared/links";

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

describe("citation chips", () => {
  it("link to the document view with the cited range and evidence id", () => {
    render(<MemoryRouter><CitationChip citation={citation} index={1} /></MemoryRouter>);
    const chip = screen.getByTestId("citation-chip");
    expect(chip).toHaveAttribute("href",
      "/documents/lark_confluence_platform-architecture?start=812&end=845&ev=ev_0123456789abcdef");
    expect(chip).toHaveAccessibleName("Citation 1: Platform architecture, characters 812 to 845");
  });

  it("navigate there when activated from the keyboard", async () => {
    render(
      <MemoryRouter initialEntries={["/"]}>
        <Routes>
          <Route path="/" element={<CitationChip citation={citation} index={1} />} />
          <Route path="/documents/:id" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.tab();
    expect(screen.getByTestId("citation-chip")).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByTestId("where")).toHaveTextContent(
      "/documents/lark_confluence_platform-architecture?start=812&end=845&ev=ev_0123456789abcdef");
  });

  it("encodes document ids", () => {
    expect(documentHref("a b/c", 1, 2)).toBe("/documents/a%20b%2Fc?start=1&end=2");
  });
});
