import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeAnswer } from "../../test/fixtures";
import { renderAt } from "../../test/render";
import { AnswerView } from "./AnswerView";

describe("stale answers", () => {
  it("shows each changed sentence as a word diff and offers to ask again", () => {
    const answer = makeAnswer({ stale: true, stale_reasons: [{ evidence_id: "ev_1", change: "changed",
      old_text: "The Routing team owns geo-index.", new_text: "The Maps team owns geo-index.",
      diff: [{ op: "equal", text: "The " }, { op: "removed", text: "Routing" }, { op: "added", text: "Maps" },
        { op: "equal", text: " team owns geo-index." }] }] });
    renderAt(<AnswerView answer={answer} />);
    const diff = screen.getByTestId("stale-diff");
    expect(diff.querySelector("del")).toHaveTextContent("Routing");
    expect(diff.querySelector("ins")).toHaveTextContent("Maps");
    expect(screen.getByRole("link", { name: "Re-ask" })).toHaveAttribute("href", "/?ask=Who%20owns%20geo-index%3F");
  });

  it("shows nothing of the kind for a current answer", () => {
    renderAt(<AnswerView answer={makeAnswer()} />);
    expect(screen.queryByTestId("stale-notice")).toBeNull();
  });

  it("labels a fact said only in conversation, never as documented", () => {
    const source = { source_type: "slack", kind: "conversation" as const, place: "#routing", date: "2026-04-21",
      label: "said in #routing on 2026-04-21" };
    const answer = makeAnswer({ conversation_only: true,
      citations: [{ ...makeAnswer().citations![0]!, source }] });
    renderAt(<AnswerView answer={answer} />);
    expect(screen.getByTestId("conversation-only")).toHaveTextContent(/never documented/);
    expect(screen.getByTestId("said-in")).toHaveTextContent("said in #routing on 2026-04-21");
  });
});
