import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Tabs } from "./Tabs";

const tabs = ["Evidence", "Paths", "Queries", "Limitations"].map((label) => ({
  id: label.toLowerCase(), label, render: () => <p>{label} panel</p>,
}));

describe("Tabs", () => {
  it("moves with arrow keys, Home and End, and shows the matching panel", async () => {
    render(<Tabs tabs={tabs} label="Inspector" />);
    await userEvent.tab();
    expect(screen.getByRole("tab", { name: "Evidence" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Paths" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Paths panel");
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Limitations" })).toHaveFocus();
    await userEvent.keyboard("{Home}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Evidence panel");
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Limitations panel");
  });
});
