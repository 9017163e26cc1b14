/**
 * End-to-end: the built UI served by the real `zehn serve` over the bundled corpus, in Chromium (one server for
 * this file). One test per point of daily use, plus every screen's screenshots at 1280 and 390 px under
 * test-artifacts/ (gitignored). The graph-server kill comes last: it takes the graph down for good unless the
 * server supervises (restarts) it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ask, expectNoInternalTokens, submit } from "./asking";
import { openBrowser, shot, shots, type Browser } from "./browser";
import { freezeGraph, killGraph, serverLogTail, startServer, stopServer, type RunningServer } from "./server";

let server: RunningServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
});

afterEach(async (ctx) => {
  // A failing test leaves what the page showed, to read next to the log.
  if (ctx.task.result?.state !== "fail") return;
  if (browser) await shot(browser.page, `failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  if (server) console.error(`server log (last lines):\n${serverLogTail(server)}`);
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
});

const page = () => {
  if (!browser) throw new Error("no browser");
  return browser.page;
};

describe("ZEHN in a browser", () => {
  it("answers with citations; Back from a citation keeps the whole conversation (point 1)", async () => {
    const p = page();
    await p.goto("/");
    await p.evaluate(() => window.sessionStorage.clear());
    const questions = ["Who owns geo-index?", "What does rate-engine depend on?", "Who owns ledger-sync?"];
    for (const q of questions) await ask(page(), q);
    const answer = p.getByTestId("answer").first();
    expect(await answer.getAttribute("data-status")).toBeTruthy();
    await shots(p, "ask-conversation");
    const chip = p.getByTestId("citation-chip").first();
    const box = await chip.boundingBox();
    expect(box && box.width >= 24 && box.height >= 24).toBe(true);
    const quote = (await p.locator(".citation-item blockquote").first().textContent()) ?? "";
    await chip.click();
    await p.waitForURL(/\/documents\/.+\?start=\d+&end=\d+/);
    const marks = p.locator('mark.cited');
    await marks.first().waitFor();
    const norm = (s: string) => s.replace(/\s+/g, " ").trim();
    for (const text of await marks.allTextContents()) expect(norm(quote)).toContain(norm(text));
    expect(await marks.first().isVisible()).toBe(true);
    await shots(p, "document-highlight");
    await p.goBack();
    await p.getByTestId("turn").nth(questions.length - 1).waitFor();
    expect(await p.getByTestId("turn").count()).toBe(questions.length);
    expect(new URL(p.url()).searchParams.get("a")?.split(",").length).toBe(questions.length);
    // A reload and "Back to Ask" restore it too; every answer has its permalink.
    await p.reload();
    await p.getByTestId("turn").nth(questions.length - 1).waitFor();
    await p.getByTestId("permalink").first().click();
    await p.waitForURL(/\/answers\/[^/?]+$/);
    // The URL changes before the permalink page replaces the conversation: wait for its single answer.
    await expect.poll(() => p.getByTestId("answer").count()).toBe(1);
    await shots(p, "answer-permalink");
    await p.getByRole("link", { name: "← Back to Ask" }).click();
    await p.getByTestId("turn").nth(questions.length - 1).waitFor();
    expect(await p.getByTestId("turn").count()).toBe(questions.length);
  });

  it("never shows internal tokens in a rendered answer (point 2)", async () => {
    for (const q of ["What breaks if we change geo-index?", "Who owns Atlas?", "Does checkout-api depend on ledger-sync?",
      "What is the street address of the Larkspur Labs office?"]) await ask(page(), q);
    await expectNoInternalTokens(page());
    const statuses = await page().getByTestId("answer").evaluateAll((els) => els.map((e) => e.getAttribute("data-status")));
    expect(statuses).toContain("abstained");
    await shots(page(), "ask-statuses");
  });

  it("a 'what breaks' answer links to its radar, which keeps entity and depth in the URL (points 1, 6)", async () => {
    const p = page();
    const answer = await ask(page(), "What breaks if we change geo-index?");
    await answer.getByTestId("radar-link").click();
    await p.waitForURL(/\/radar\?entity=.+&entity_id=.+&depth=\d/);
    await p.getByTestId("grade-summary").waitFor();
    expect(await p.getByTestId("grade-summary").textContent()).toMatch(/^\d+ paths?, \d+ (source-backed|inferred|insufficient)/);
    await p.getByTestId("graph-canvas").locator("canvas").first().waitFor();
    await shots(p, "radar");
    // On a phone the legend is folded: the summary and the graph's controls are on the first screen.
    await p.setViewportSize({ width: 390, height: 844 });
    // The fold follows a media query in script, so it lands a render after the resize.
    await expect.poll(() => p.locator(".legend-list").isVisible()).toBe(false);
    await expect.poll(() => p.getByRole("button", { name: "Fit" }).evaluate((b) => b.getBoundingClientRect().bottom <= 844)).toBe(true);
    await p.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => p.locator(".legend-list").isVisible()).toBe(true);
    // The canvas keeps its place when the inspector opens; Escape closes the inspector.
    const place = () => p.getByTestId("graph-canvas").evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
    const before = await place();
    await p.locator('[data-testid="edge-button"][data-grade="source_backed"]').first().click();
    const inspector = p.getByTestId("inspector");
    await inspector.getByTestId("evidence-sentence").first().waitFor();
    expect(await place()).toEqual(before);
    await shots(p, "radar-inspector");
    await p.keyboard.press("Escape");
    await inspector.waitFor({ state: "detached" });
    // The wheel scrolls the page over an unfocused canvas.
    await p.evaluate(() => window.scrollTo(0, 0));
    const canvas = await p.getByTestId("graph-canvas").boundingBox();
    if (!canvas) throw new Error("no canvas");
    await p.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await p.mouse.wheel(0, 400);
    await p.waitForFunction(() => window.scrollY > 0);
  });

  it("suggests the right name for a typo on the radar, in the same words as Ask (point 3)", async () => {
    const p = page();
    await p.goto("/radar?entity=geo-indx&depth=2");
    const notice = p.getByTestId("candidates");
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Did you mean/);
    expect(await p.locator("main").textContent()).not.toMatch(/ambiguous/i);
    await shots(p, "radar-did-you-mean");
    await notice.getByRole("button", { name: /^Show the impact of geo-index,/ }).click();
    await p.waitForURL(/entity_id=/);
    await p.getByTestId("grade-summary").waitFor();
  });

  it("suggests the right name for a typo on Ask (point 3)", async () => {
    const p = page();
    const answer = await ask(page(), "Who owns geo-indx?");
    expect(await answer.getAttribute("data-status")).toBe("unknown_entity");
    const candidates = answer.getByTestId("candidates");
    expect(await candidates.textContent()).toMatch(/Did you mean/);
    expect(await answer.textContent()).not.toMatch(/ambiguous/i);
    await shots(p, "ask-did-you-mean");
    await candidates.getByRole("button", { name: /geo-index/ }).first().click();
    await p.waitForFunction(() => document.querySelector('[data-testid="turn"] .turn-question')?.textContent?.includes("geo-index?"));
    // The picked name is asked in full before the next test leaves the page (a turn cut off by leaving stays shown).
    await p.waitForFunction(() => !document.querySelector('[data-testid="turn"][data-running]'), undefined, { timeout: 120_000 });
  });

  it("Stop ends a streaming answer and the server drops its work (point 7)", async () => {
    const p = page();
    if (!server) throw new Error("no server");
    await p.goto("/");
    // The kept conversation's answers look up their entity links on load; let those finish before the freeze, or
    // they hold the browser's connections to the server and the question's stream waits behind them.
    await p.waitForLoadState("networkidle");
    const question = "Who owns rate-engine, asked by the e2e stop test?";
    // A frozen graph server holds the answer mid-way (its query waits), so Stop surely comes first.
    freezeGraph(server.dataDir, true);
    try {
      await submit(page(), question);
      // The turn is running with its stream open; whether a first step arrives before the frozen graph is reached
      // depends on what the server reads first, so Stop is pressed on the running turn itself.
      await p.locator('[data-testid="turn"][data-running]').getByTestId("stop").waitFor();
      await p.getByTestId("stop").click();
      await p.getByText("You stopped this answer before it was finished.").waitFor();
    } finally {
      freezeGraph(server.dataDir, false);
    }
    expect(await p.getByTestId("stop").count()).toBe(0);
    // The cancelled work never finishes into a stored answer; a later answer's round trip outlasts its last step.
    await ask(page(), "Who owns geo-index?");
    const history = await p.evaluate(async (q) => (await (await fetch(`/api/history?q=${encodeURIComponent(q)}`)).json()) as
      { answers: unknown[] }, "e2e stop test");
    expect(history.answers).toHaveLength(0);
    // The counter shows the server's limit and never cuts a question.
    await p.getByLabel("Question", { exact: true }).fill("x".repeat(4100));
    expect(await p.getByTestId("char-count").textContent()).toContain("100 too many");
    expect(await p.getByRole("button", { name: "Ask", exact: true }).isDisabled()).toBe(true);
    await shots(p, "ask-too-long");
    await p.getByLabel("Question", { exact: true }).fill("");
  });

  it("lists, filters and searches documents; history is searchable with ask again (point 5)", async () => {
    const p = page();
    await p.goto("/documents");
    await p.getByTestId("document-item").first().waitFor();
    expect(await p.getByTestId("document-item").count()).toBeGreaterThan(10);
    await shots(p, "documents");
    await p.getByLabel("Source").selectOption({ index: 1 });
    await p.waitForURL(/type=/);
    await p.goto("/documents");
    await p.getByLabel("Words").fill("tile cache");
    await p.getByRole("button", { name: "Search" }).click();
    await p.waitForURL(/q=tile/);
    await p.getByTestId("documents-count").getByText(/match/).waitFor();
    await shots(p, "documents-search");
    await p.locator(".hit").first().click();
    await p.waitForURL(/\/documents\/.+\?start=/);
    await p.locator("mark.cited").first().waitFor();
    await p.goto("/history?status=answered");
    await p.getByRole("table").waitFor();
    await shots(p, "history");
    await p.getByLabel("Question contains").fill("geo-index");
    await p.getByRole("button", { name: "Search" }).click();
    await p.getByRole("button", { name: /^Ask again: .*geo-index/i }).first().click();
    await p.waitForURL((u) => u.pathname === "/");
    await p.getByTestId("turn").first().waitFor();
  });

  it("uploads a file, ingests it and answers from it (point 5)", async () => {
    const p = page();
    await p.goto("/ingest");
    // an upload is a write: it needs a token, entered once in the header's token field (kept in this browser)
    await p.getByTestId("token-who").click();
    await p.getByLabel("API token").fill(server?.token ?? "");
    await p.getByRole("button", { name: "Save" }).click();
    await p.getByTestId("token-who").filter({ hasText: "e2e-writer" }).waitFor();
    await shots(p, "ingest-empty");
    const doc = "---\ntitle: \"Quarry relay notes\"\n---\n# Quarry relay notes\n\nquarry-relay depends on basalt-store for ordering.\n";
    await p.getByTestId("upload-files").setInputFiles([
      { name: "quarry-relay.md", mimeType: "text/markdown", buffer: Buffer.from(doc) },
      { name: "empty.md", mimeType: "text/markdown", buffer: Buffer.from("") },
    ]);
    await p.getByRole("button", { name: "Upload and ingest" }).click();
    const job = p.getByTestId("ingest-job");
    await p.locator('[data-testid="ingest-job"][data-state="done"]').waitFor({ timeout: 120_000 });
    expect(await job.locator('[data-status="ingested"]').count()).toBe(1);
    expect(await job.locator('[data-status="failed"]').textContent()).toMatch(/empty/i);
    await shots(p, "ingest-done");
    const answer = await ask(page(), "What does quarry-relay depend on?", { fresh: true });
    expect(await answer.getAttribute("data-status")).toBe("answered");
    expect(await answer.getByTestId("citation-chip").first().textContent()).toContain("Quarry relay notes");
  });

  it("explores a neighbourhood with the entity in the URL", async () => {
    const p = page();
    await p.goto("/explorer?entity=rate-engine");
    await p.waitForURL(/entity_id=/);
    await p.getByTestId("graph-canvas").locator("canvas").first().waitFor();
    const other = p.locator(".explorer-main .node-buttons button").nth(1);
    await other.click();
    await p.getByTestId("explorer-detail").waitFor();
    await p.waitForFunction(() => !document.body.textContent?.includes("Loading the neighbourhood"));
    await shots(p, "explorer");
    await p.keyboard.press("Escape");
    await p.getByTestId("explorer-detail").waitFor({ state: "detached" });
  });

  it("shows the policy and a healthy observatory without internal labels", async () => {
    const p = page();
    await p.goto("/policy");
    await p.getByTestId("policy").waitFor();
    await shots(p, "policy");
    await p.goto("/observatory");
    await p.getByTestId("graph-state").getByText("Reachable").waitFor();
    expect(await p.getByTestId("graph-state").textContent()).not.toMatch(/__Entity__|__GraphRAGConfig__/);
    await shots(p, "observatory");
  });

  it("reviews a pasted change: how each name matched, one radar, a cited Markdown comment", async () => {
    const p = page();
    await p.goto("/change-reviews");
    await p.getByLabel("Change text").fill("This change retunes the tile cache of geo-index.");
    await p.getByRole("button", { name: "Review" }).click();
    await p.getByTestId("review-result").waitFor({ timeout: 120_000 });
    const rows = p.locator('[data-testid="review-matches"] tbody tr');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-kind")))).toContain("exact");
    expect(await p.getByTestId("affected").count()).toBeGreaterThan(0);
    await p.getByTestId("graph-canvas").locator("canvas").first().waitFor();
    await shot(p, "change-review");
    await p.getByRole("button", { name: "Show as Markdown" }).click();
    const markdown = await p.getByTestId("review-markdown").inputValue();
    expect(markdown).toMatch(/^### ZEHN change review/);
    expect(markdown).toMatch(/`ev_[0-9a-f]{16}` “/);
  });

  it("the graph server killed: a site-wide banner in plain words, an unavailable card (point 4)", async () => {
    const p = page();
    if (!server) throw new Error("no server");
    await p.goto("/");
    await killGraph(server.dataDir);
    await submit(page(), "Who owns geo-index?");
    await p.getByTestId("graph-unavailable").first().waitFor({ timeout: 120_000 });
    const banner = p.getByTestId("health-banner");
    await banner.waitFor({ timeout: 60_000 });
    const text = await p.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/Error \d+|127\.0\.0\.1|connecting to/);
    expect(await p.getByTestId("turn").first().textContent()).not.toMatch(/\bAnswered\b/);
    await shots(p, "graph-unavailable");
  });
});
