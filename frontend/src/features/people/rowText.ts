/** One departure row as a line of plain words (pure). */
import type { RowRef } from "./departureModel";
import { countsText, handedOffText, receivedText } from "./peopleWords";

export function rowText(ref: RowRef, name: (id: string) => string): string {
  const row = ref.row;
  switch (row.section) {
    case "open_work": {
      const status = row.status ? `status “${row.status}”` : "no status recorded";
      const held = (row.handed_off_to ?? []).map(handedOffText);
      if (row.state === "handed_off" && held.length) return `${row.item.name}: ${held.join("; ")}`;
      if (row.received) return `${row.item.name}: ${status}, ${receivedText(row.received, row.received.from_person ? name(row.received.from_person) : null)}`;
      return `${row.item.name}: ${status}`;
    }
    case "customers":
      return `${row.customer.name} waits on ${row.items.map(name).join(", ")}`;
    case "sole_expert_components":
      return `${row.component.name}: ${row.why}`;
    case "successors": {
      const on = row.components.map(name).join(", ");
      const how = row.basis === "related_component" ? " (related components)" : "";
      return `${row.rank}. ${row.person.name}: ${countsText(row.counts)} on ${on}${how}`;
    }
  }
}
