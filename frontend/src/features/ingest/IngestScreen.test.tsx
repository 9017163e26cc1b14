import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IngestJobOut } from "../../api/types";
import { json, renderAt, urlOf } from "../../test/render";
import { IngestScreen, uploadForm } from "./IngestScreen";

afterEach(() => vi.unstubAllGlobals());

const job = (state: IngestJobOut["state"], files: IngestJobOut["files"]): IngestJobOut => ({
  id: "ing_1", state, created_at: "2026-03-20T10:00:00Z", files, total: 2, documents: state === "done" ? 1 : 0,
  processed: files.filter((f) => f.status !== "waiting").length,
});

describe("ingest screen", () => {
  it("uploads the chosen files and shows each file's outcome as the job progresses", async () => {
    const running = job("running", [{ name: "a.md", size: 10, status: "waiting" }, { name: "b.md", size: 0, status: "waiting" }]);
    const done = job("done", [{ name: "a.md", size: 10, status: "ingested" },
      { name: "b.md", size: 0, status: "failed", reason: "empty file" }]);
    const posted: FormData[] = [];
    vi.stubGlobal("fetch", vi.fn(async (req: Request) => {
      if (req.method === "POST") {
        posted.push(await req.formData());
        return json(running, 202);
      }
      expect(urlOf(req).pathname).toBe("/api/ingest/ing_1");
      return json(done);
    }));
    renderAt(<IngestScreen />);
    const files = [new File(["# A"], "a.md", { type: "text/markdown" }), new File([""], "b.md")];
    await userEvent.upload(screen.getByTestId("upload-files"), files);
    await userEvent.click(screen.getByRole("button", { name: "Upload and ingest" }));
    expect(await screen.findByTestId("ingest-job")).toHaveAttribute("data-state", "running");
    await waitFor(() => expect(screen.getByTestId("ingest-job")).toHaveAttribute("data-state", "done"), { timeout: 3000 });
    expect(posted[0]?.getAll("files")).toHaveLength(2);
    const rows = screen.getAllByTestId("ingest-file");
    expect(rows.map((r) => r.getAttribute("data-status"))).toEqual(["ingested", "failed"]);
    expect(rows[1]).toHaveTextContent("empty file");
    expect(screen.getByRole("link", { name: "Ask about them" })).toHaveAttribute("href", "/");
  });

  it("says in plain words that another ingest is running", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ status: "rejected", kind: "busy", message: "job ing_0 is running" }, 409)));
    renderAt(<IngestScreen />);
    await userEvent.upload(screen.getByTestId("upload-files"), [new File(["x"], "a.md")]);
    await userEvent.click(screen.getByRole("button", { name: "Upload and ingest" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Another ingest is running");
  });

  it("names a folder's files by their path inside it", () => {
    const f = new File(["x"], "a.md");
    Object.defineProperty(f, "webkitRelativePath", { value: "notes/sub/a.md" });
    expect((uploadForm([f]).get("files") as File).name).toBe("notes/sub/a.md");
  });
});
