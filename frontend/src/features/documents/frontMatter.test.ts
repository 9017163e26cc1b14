import { describe, expect, it } from "vitest";
import { keyWords, splitFrontMatter } from "./frontMatter";

const text = '---\nid: "doc-1"\ntitle: "Runbook"\nauthors: ["Ada", "Bo"]\nsource_metadata:\n  "assignee": "Cy"\n' +
  '  "labels": ["a", "b"]\n---\n\n# Runbook\n\nBody text.\n';

describe("front matter as a table", () => {
  it("reads each line's key, readable value and exact range; nested keys keep their group", () => {
    const { rows, bodyStart } = splitFrontMatter(text);
    expect(rows.map((r) => [r.group ?? "", r.key, r.value])).toEqual([
      ["", "id", "doc-1"], ["", "title", "Runbook"], ["", "authors", "Ada, Bo"],
      ["source_metadata", "assignee", "Cy"], ["source_metadata", "labels", "a, b"],
    ]);
    for (const r of rows) expect(text.slice(r.start, r.end)).toContain(r.key);
    expect(text.slice(bodyStart)).toBe("\n# Runbook\n\nBody text.\n");
  });

  it("a document without front matter is all body", () => {
    expect(splitFrontMatter("# Title\ntext")).toEqual({ rows: [], bodyStart: 0 });
  });

  it("words a key", () => expect(keyWords("linked_issues")).toBe("Linked issues"));
});
