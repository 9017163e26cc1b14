/**
 * A rehype plugin: wrap the part of the rendered Markdown that comes from source characters [start, end) in
 * <mark class="cited">. Text nodes carry their source position; where a node's text is exactly its source slice
 * the cut is exact, otherwise (escapes, entities) the whole node is marked. The first mark gets
 * data-testid="cited-range" and tabindex -1, so the page can scroll to it and focus it.
 */
import type { Element, ElementContent, Root, Text } from "hast";

export interface RangeOptions {
  source: string;
  start: number;
  end: number;
}

function mark(value: string, first: boolean): Element {
  const properties: Element["properties"] = { className: ["cited"] };
  if (first) Object.assign(properties, { dataTestid: "cited-range", tabIndex: -1 });
  return { type: "element", tagName: "mark", properties, children: [{ type: "text", value }] };
}

export function rehypeHighlightRange({ source, start, end }: RangeOptions) {
  return (tree: Root) => {
    let first = true;
    const split = (node: Text): ElementContent[] | null => {
      const from = node.position?.start.offset;
      const to = node.position?.end.offset;
      if (from === undefined || to === undefined || to <= start || from >= end) return null;
      if (source.slice(from, to) !== node.value) {
        const out = [mark(node.value, first)];
        first = false;
        return out;
      }
      const a = Math.max(start, from) - from;
      const b = Math.min(end, to) - from;
      const parts: ElementContent[] = [];
      if (a > 0) parts.push({ type: "text", value: node.value.slice(0, a) });
      parts.push(mark(node.value.slice(a, b), first));
      first = false;
      if (b < node.value.length) parts.push({ type: "text", value: node.value.slice(b) });
      return parts;
    };
    const walk = (parent: Root | Element) => {
      const next: (Root["children"][number])[] = [];
      for (const child of parent.children as Root["children"]) {
        if (child.type === "text") {
          const parts = split(child);
          if (parts) next.push(...parts);
          else next.push(child);
        } else {
          if (child.type === "element") walk(child);
          next.push(child);
        }
      }
      parent.children = next as typeof parent.children;
    };
    walk(tree);
  };
}
