import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { EvidenceOut } from "../api/types";
import { renderAt } from "../test/render";
import { EvidenceSentence, relationSpans } from "./EvidenceSentence";

const ev: EvidenceOut = {
  id: "ev_c265c2af9354a0ae", document_id: "lark_confluence_geo-index-runbook", document_title: "Runbook: geo-index",
  chunk_id: "c1", start: 973, end: 1027, text: "rate-engine depends on geo-index for distance lookups.", kind: "sentence",
  relations: [{ rel_type: "DEPENDS_ON", subject_at: [973, 984], subject_span: [0, 11], predicate_span: [12, 22],
    object_at: [996, 1005], object_span: [23, 32] }],
  version: 1, current: true,
};

describe("evidence sentence", () => {
  it("highlights subject, predicate and object from document or sentence offsets", () => {
    const spans = relationSpans(ev, "DEPENDS_ON").map((s) => [s.role, ev.text.slice(s.start, s.end)]);
    expect(spans).toEqual([["subject", "rate-engine"], ["predicate", "depends on"], ["object", "geo-index"]]);
    expect(relationSpans(ev, "USES")).toEqual([]);
  });

  it("links to the document with the sentence's range", () => {
    renderAt(<EvidenceSentence ev={ev} relType="DEPENDS_ON" />);
    expect(screen.getByTestId("evidence-doc-link")).toHaveAttribute("href",
      "/documents/lark_confluence_geo-index-runbook?start=973&end=1027&ev=ev_c265c2af9354a0ae");
    expect(screen.getByTestId("evidence-sentence").querySelector("blockquote")?.textContent).toBe(ev.text);
  });
});
