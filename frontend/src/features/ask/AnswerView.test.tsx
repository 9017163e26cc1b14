import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { citation, makeAnswer } from "../test/fixtures";
import { renderAt } from "../test/render";
import { AnswerView } from "./AnswerView";

describe("AnswerView statuses", () => {
  it("answered: the text, a citation chip per citation and the verbatim sentence as the only quote", () => {
    const { container } = renderAt(<AnswerView answer={makeAnswer()} />);
    expect(screen.getByTestId("answer")).toHaveAttribute("data-status", "answered");
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Answered");
    expect(screen.getAllByTestId("citation-chip")).toHaveLength(1);
    const quotes = container.querySelectorAll("blockquote");
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toHaveTextContent(citation.text);
    // The answer text (generated) is not rendered as a quotation.
    expect(screen.getByText("The Routing team owns geo-index [1].").closest("blockquote")).toBeNull();
  });

  it("never renders hop facts (predicates) as quotations", () => {
    const answer = makeAnswer({ paths: [{ grade: "inferred", hops: [{ source: "rate-engine", rel_type: "DEPENDS_ON",
      target: "geo-index", evidence_id: "ev_1", grade: "inferred", reasons: ["hedged"] }] }] });
    const { container } = renderAt(<AnswerView answer={answer} />);
    for (const q of container.querySelectorAll("blockquote")) expect(q.textContent).toBe(citation.text);
    expect(screen.getByText("DEPENDS_ON").closest("blockquote")).toBeNull();
  });

  it("abstained: says I don't know, shows no sources", () => {
    renderAt(<AnswerView answer={makeAnswer({ status: "abstained", text: "I don't know: no document says.", citations: [] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("I don't know");
    expect(screen.queryByTestId("citation-chip")).toBeNull();
    expect(screen.getByText(/No source sentence says this/)).toBeInTheDocument();
  });

  it("refused: shows the reason and what broke the rules, and no citation of the withheld draft", () => {
    renderAt(<AnswerView answer={makeAnswer({ status: "refused", text: "", reason: "uncited claim in sentence 2",
      offending: ["ev_0000000000000000"] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Refused");
    expect(screen.getByText("uncited claim in sentence 2")).toBeInTheDocument();
    expect(screen.getByText("ev_0000000000000000")).toBeInTheDocument();
    expect(screen.queryByTestId("citation-chip")).toBeNull();
  });

  it("ambiguous: lists every candidate; picking one calls back with it", async () => {
    const onPick = vi.fn();
    const candidates = [
      { entity_id: "team:atlas", name: "Atlas", type: "Team", documents: 2, sources: ["Atlas team charter"] },
      { entity_id: "customer:atlas", name: "Atlas", type: "Customer", documents: 3, sources: [] },
    ];
    renderAt(<AnswerView answer={makeAnswer({ status: "ambiguous", text: "Which Atlas?", citations: [], candidates })}
      onPickCandidate={onPick} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Which one?");
    const list = screen.getByRole("region", { name: "Candidates" });
    expect(within(list).getAllByRole("button")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Ask about Atlas, the Customer" }));
    expect(onPick).toHaveBeenCalledWith(candidates[1]);
  });

  it("unknown_entity and not_in_graph have their own labels", () => {
    renderAt(<AnswerView answer={makeAnswer({ status: "unknown_entity", text: "No entity payroll-sync.", citations: [] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Unknown entity");
    expect(screen.getByTestId("answer")).toHaveClass("answer-unknown_entity");
  });

  it("not_in_graph says the entity is known but nothing is recorded", () => {
    renderAt(<AnswerView answer={makeAnswer({ status: "not_in_graph", text: "TileLoader is mentioned.", citations: [] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Nothing recorded");
    expect(screen.getByText(/mentioned in the documents, but no relation/)).toBeInTheDocument();
  });

  it("unavailable shows the graph-unavailable notice, not an empty answer", () => {
    renderAt(<AnswerView answer={makeAnswer({ status: "unavailable", text: "", reason: "connection refused", citations: [] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Graph unavailable");
    expect(screen.getByTestId("graph-unavailable")).toHaveTextContent("connection refused");
  });

  it("gives each status a distinct label and style", () => {
    const statuses = ["answered", "abstained", "refused", "ambiguous", "unknown_entity", "not_in_graph", "unavailable"] as const;
    const labels = new Set<string>();
    for (const status of statuses) {
      const { unmount } = renderAt(<AnswerView answer={makeAnswer({ status, citations: [] })} />);
      labels.add(screen.getByTestId("answer-status").textContent ?? "");
      expect(screen.getByTestId("answer")).toHaveClass(`answer-${status}`);
      unmount();
    }
    expect(labels.size).toBe(statuses.length);
  });
});

describe("inline evidence markers", () => {
  it("become numbered chips that open the cited range", () => {
    renderAt(<AnswerView answer={makeAnswer({ text: `Routing: “The Routing team owns geo-index” [${citation.evidence_id}].` })} />);
    const inline = screen.getByTestId("inline-citation");
    expect(inline).toHaveTextContent("1");
    expect(inline).toHaveAttribute("href", expect.stringContaining(`start=${citation.start}&end=${citation.end}`));
    expect(inline.closest("blockquote")).toBeNull();
  });
});
