/** Debian's Chromium driven by playwright-core (no browser is downloaded), on a fresh profile per run. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { ARTIFACTS } from "./server";

const CHROMIUM = process.env.CHROMIUM_BIN ?? "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run"];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

export async function openBrowser(baseURL: string): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "zehn-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: ARGS, baseURL, viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
  return {
    context, page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

/** The same screen at a desktop width (1280 px) and a phone width (390 px): `<name>-1280.png`, `<name>-390.png`. */
export async function shots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`, false);
  await page.setViewportSize(size);
}

/** The visible text of every answer's readable part on the page. */
export async function answerTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="answer-main"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText));
}
