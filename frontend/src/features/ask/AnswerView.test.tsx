import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Answer } from "../../api/types";
import { citation, makeAnswer } from "../../test/fixtures";
import { renderAt } from "../../test/render";
import { INTERNAL_TOKENS } from "./answerText";
import { AnswerView } from "./AnswerView";

const atlases = [
  { entity_id: "team:atlas", name: "Atlas", type: "Team", documents: 2, sources: ["Atlas team charter"] },
  { entity_id: "customer:atlas", name: "Atlas", type: "Customer", documents: 3, sources: [] },
];

/** The readable part of an answer card holds none of the machine tokens. */
function expectNoInternalTokens(answer: Answer) {
  const { unmount } = renderAt(<AnswerView answer={answer} />);
  const text = screen.getByTestId("answer-main").innerText ?? screen.getByTestId("answer-main").textContent ?? "";
  for (const pattern of INTERNAL_TOKENS) expect(text, `${pattern} in: ${text}`).not.toMatch(pattern);
  unmount();
}

describe("AnswerView statuses", () => {
  it("answered: formatted text, a chip per citation, and the verbatim sentence as the only quote", () => {
    const { container } = renderAt(<AnswerView answer={makeAnswer({
      text: `Owners of geo-index:\n- Routing team: “The Routing team owns geo-index.” [${citation.evidence_id}]\n` +
        "[answered] citing 1 of 1 retrieved evidence ids" })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Answered");
    expect(screen.getAllByTestId("citation-chip")).toHaveLength(1);
    const quotes = container.querySelectorAll("blockquote");
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toHaveTextContent(citation.text);
    const main = screen.getByTestId("answer-main");
    expect(main.querySelector(".answer-text li")).toHaveTextContent("Routing team");
    expect(main.querySelector(".answer-text")?.closest("blockquote")).toBeNull();
    expect(main.textContent).not.toMatch(/\[answered\]|^- /m);
  });

  it("never shows internal tokens in the readable part, whatever the server's text holds", () => {
    expectNoInternalTokens(makeAnswer({
      text: `- rate-engine (2 hops): connected, relation not stated (inferred: cooccurrence_only): “x” [${citation.evidence_id}].\n` +
        "In lark_confluence_platform-architecture: it says DEPENDS_ON with predicate_on_path:depend, negated; signal:not.\n" +
        "[answered] citing 1 of 1 retrieved evidence ids",
      paths: [{ grade: "insufficient", hops: [{ source: "rate-engine", rel_type: "DEPENDS_ON", target: "geo-index",
        evidence_id: citation.evidence_id, grade: "insufficient", reasons: ["negated", "signal:not"], read_at: "ingest" }] }] }));
    expectNoInternalTokens(makeAnswer({ status: "ambiguous", citations: [], candidates: atlases,
      text: "The question names something that matches several entities; say which one you mean: Atlas (Team, " +
        "team:atlas); Atlas (Customer, customer:atlas).\n[abstained] 0 evidence ids retrieved" }));
    expectNoInternalTokens(makeAnswer({ status: "abstained", citations: [],
      text: "I could not find anything in the indexed documents about “x”.\n[abstained] 4 evidence ids retrieved" }));
    expectNoInternalTokens(makeAnswer({ status: "refused", citations: [], reason: "uncited claim in sentence 2",
      offending: ["ev_0000000000000000"], text: "I don't know: the drafted answer broke the citation rules.\n[refused] 3 evidence ids retrieved" }));
  });

  it("grader reasons are plain words; predicates are words; hop facts are never quotations", () => {
    const answer = makeAnswer({ paths: [{ grade: "inferred", hops: [{ source: "rate-engine", rel_type: "DEPENDS_ON",
      target: "geo-index", evidence_id: "ev_1", grade: "inferred", reasons: ["cooccurrence_only"], read_at: "question" }] }] });
    const { container } = renderAt(<AnswerView answer={answer} />);
    expect(screen.getByText(/both are mentioned, but the sentence does not say how they relate/)).toBeInTheDocument();
    expect(screen.getByTestId("read-at-question")).toHaveTextContent("read from its sentence when you asked");
    expect(screen.getByText(/depends on/).closest("blockquote")).toBeNull();
    for (const q of container.querySelectorAll("blockquote")) expect(q.textContent).toBe(citation.text);
  });

  it("abstained: says I don't know, shows no sources", () => {
    renderAt(<AnswerView answer={makeAnswer({ status: "abstained", text: "I could not find anything.", citations: [] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("I don't know");
    expect(screen.queryByTestId("citation-chip")).toBeNull();
  });

  it("refused: the reason in the card, the offending ids only in the shown work", () => {
    renderAt(<AnswerView answer={makeAnswer({ status: "refused", text: "", reason: "uncited claim in sentence 2",
      offending: ["ev_0000000000000000"] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Withheld");
    expect(screen.getByTestId("answer-main")).toHaveTextContent("uncited claim in sentence 2");
    expect(screen.getByTestId("answer-main")).not.toHaveTextContent("ev_0000000000000000");
    expect(within(screen.getByTestId("shown-work")).getByText("ev_0000000000000000")).toBeInTheDocument();
    expect(screen.queryByTestId("citation-chip")).toBeNull();
  });

  it("ambiguous: 'Which one?' lists every candidate; picking one calls back with it", async () => {
    const onPick = vi.fn();
    renderAt(<AnswerView answer={makeAnswer({ status: "ambiguous", text: "Which Atlas?", citations: [], candidates: atlases })}
      onPickCandidate={onPick} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Which one?");
    const list = screen.getByRole("region", { name: "Which one?" });
    expect(list).toHaveTextContent("“Atlas” could mean 2 different things. Which one?");
    expect(within(list).getAllByRole("button")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Ask about Atlas, the Customer" }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: "customer:atlas", name: "Atlas" }));
  });

  it("unknown_entity with a suggestion: 'Did you mean …?', never headed ambiguous", async () => {
    const onPick = vi.fn();
    renderAt(<AnswerView answer={makeAnswer({ status: "unknown_entity", text: "No entity geo-indx.", citations: [],
      candidates: [{ entity_id: "service:geo-index", name: "geo-index", type: "Service", documents: 5, sources: [] }] })}
      onPickCandidate={onPick} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Did you mean…?");
    expect(screen.getByRole("region", { name: "Did you mean" })).toHaveTextContent("Did you mean geo-index?");
    expect(document.body.textContent).not.toMatch(/ambiguous/i);
    await userEvent.click(screen.getByRole("button", { name: "Ask about geo-index, the Service" }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ name: "geo-index" }));
  });

  it("unknown_entity without suggestions and not_in_graph have their own labels", () => {
    const { unmount } = renderAt(<AnswerView answer={makeAnswer({ status: "unknown_entity", text: "x", citations: [] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Unknown name");
    unmount();
    renderAt(<AnswerView answer={makeAnswer({ status: "not_in_graph", text: "TileLoader is mentioned.", citations: [] })} />);
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Nothing recorded");
  });

  it("unavailable: the graph-unavailable notice with Try again, never 'Answered', no raw error", async () => {
    const onRetry = vi.fn();
    renderAt(<AnswerView answer={makeAnswer({ status: "unavailable", text: "", citations: [],
      reason: "Error 111 connecting to 127.0.0.1:59287. Connection refused.", created_at: "2026-03-20T10:00:00Z" })}
      onRetry={onRetry} />);
    const card = screen.getByTestId("answer");
    expect(screen.getByTestId("answer-status")).toHaveTextContent("Graph unavailable");
    expect(card.textContent).not.toMatch(/Answered|Error 111|127\.0\.0\.1/);
    expect(screen.queryByTestId("permalink")).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalled();
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

  it("has a permalink and, for a 'what breaks' answer, a link to its radar", () => {
    renderAt(<AnswerView answer={makeAnswer({ queries: [{ name: "impact", cypher: "MATCH p = (x)-[:RELATES*1..3]-(y)",
      params: { entity_id: "service:geo-index" }, rows: 3 }],
      paths: [{ grade: "source_backed", hops: [{ source: "rate-engine", rel_type: "DEPENDS_ON", target: "geo-index",
        evidence_id: "ev_1", grade: "source_backed", reasons: [], read_at: "ingest" }] }] })} />);
    expect(screen.getByTestId("permalink")).toHaveAttribute("href", "/answers/ans_1");
    expect(screen.getByTestId("radar-link")).toHaveAttribute("href",
      "/radar?entity=geo-index&entity_id=service%3Ageo-index&depth=3");
  });
});

describe("inline evidence markers", () => {
  it("become numbered chips that open the cited range within this answer", () => {
    renderAt(<AnswerView answer={makeAnswer({ text: `Routing: “The Routing team owns geo-index” [${citation.evidence_id}].` })} />);
    const inline = screen.getByTestId("inline-citation");
    expect(inline).toHaveTextContent("1");
    expect(inline).toHaveAttribute("href", expect.stringContaining(`start=${citation.start}&end=${citation.end}`));
    expect(inline).toHaveAttribute("href", expect.stringContaining("answer=ans_1"));
    expect(inline.closest("blockquote")).toBeNull();
  });
});
