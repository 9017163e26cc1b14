import { describe, expect, it } from "vitest";
import { citation, makeAnswer } from "../../test/fixtures";
import { displayText, INTERNAL_TOKENS, quoteText } from "./answerText";

describe("an answer's text as a person reads it", () => {
  it("drops status trailers, numbers evidence markers and keeps Markdown lists", () => {
    const text = displayText(makeAnswer({ text: `Owners:\n- Routing: “x” [${citation.evidence_id}].\n` +
      "[answered] citing 1 of 1 retrieved evidence ids" }));
    expect(text).toBe(`Owners:\n- Routing: “x” [1](#cite-${citation.evidence_id}).`);
  });

  it("turns entity ids into names, document ids into titles and codes into words", () => {
    const text = displayText(makeAnswer({
      text: "Atlas (Team, team:atlas) and customer:atlas. In lark_confluence_platform-architecture: rate-engine " +
        "DEPENDS_ON geo-index (inferred: cooccurrence_only).",
      candidates: [{ entity_id: "customer:atlas", name: "Atlas", type: "Customer", documents: 1, sources: [] }] }));
    expect(text).toBe("Atlas (Team) and Atlas. In “Platform architecture”: rate-engine depends on geo-index " +
      "(inferred: both are mentioned, but the sentence does not say how they relate).");
    for (const pattern of INTERNAL_TOKENS.slice(0, 5)) expect(text).not.toMatch(pattern);
  });

  it("drops a marker of evidence that is not among the citations rather than show its id", () => {
    expect(displayText(makeAnswer({ text: "Claim [ev_ffffffffffffffff].", citations: [] }))).toBe("Claim .");
  });
});

describe("quotes of list items and headings", () => {
  it("lose their Markdown marker, in the sources and inside the answer text", () => {
    expect(quoteText("- Services impacted: gateway")).toBe("Services impacted: gateway");
    expect(quoteText("## Owners")).toBe("Owners");
    expect(quoteText("rate-engine - the quoting service")).toBe("rate-engine - the quoting service");
    expect(displayText(makeAnswer({ text: "In the runbook: “- Owner: Routing team”." }))).toBe("In the runbook: “Owner: Routing team”.");
  });
});
