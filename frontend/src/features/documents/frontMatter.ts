/**
 * A document's front matter (the `---` block at its top) as rows of a readable table, each with the character range
 * of its line, so a citation of one metadata line can be highlighted in the table (pure).
 *
 * Offsets are into the document's full text, as every offset in the graph is. Values are read as JSON when they
 * are JSON (quoted strings, lists of them: the shape our exports use) and shown as written otherwise.
 */

export interface MetaRow {
  key: string;
  value: string;
  start: number;
  end: number;
  /** Nested under a parent key (e.g. `source_metadata`). */
  group?: string;
}

export interface Split {
  rows: MetaRow[];
  /** Offset of the first body character. */
  bodyStart: number;
}

const LINE = /^(\s*)"?([^":]+?)"?\s*:\s*(.*)$/;

function readable(raw: string): string {
  const text = raw.trim();
  if (!text) return "";
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value.map(String).join(", ");
    return String(value);
  } catch {
    return text.replace(/^["']|["']$/g, "");
  }
}

export function splitFrontMatter(text: string): Split {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return { rows: [], bodyStart: 0 };
  const close = /\r?\n---[ \t]*(?:\r?\n|$)/g;
  close.lastIndex = open[0].length - 1;
  const end = close.exec(text);
  if (!end) return { rows: [], bodyStart: 0 };
  const rows: MetaRow[] = [];
  let group: string | undefined;
  let at = open[0].length;
  for (const line of text.slice(at, end.index).split("\n")) {
    const m = LINE.exec(line.replace(/\r$/, ""));
    if (m) {
      const [, indent = "", key = "", value = ""] = m;
      if (!indent && !value.trim()) group = key.trim();
      else {
        if (!indent) group = undefined;
        rows.push({ key: key.trim(), value: readable(value), start: at, end: at + line.replace(/\r$/, "").length,
          group: indent ? group : undefined });
      }
    }
    at += line.length + 1;
  }
  return { rows, bodyStart: end.index + end[0].length };
}

/** A key in words: "linked_issues" -> "Linked issues". */
export function keyWords(key: string): string {
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
