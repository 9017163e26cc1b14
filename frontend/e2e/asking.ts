/** Asking on the Ask screen from a test: type and send, wait for this question's answer, check rendered answers. */
import { expect } from "vitest";
import { INTERNAL_TOKENS } from "../src/features/ask/answerText";
import type { Page } from "playwright-core";
import { answerTexts } from "./browser";

export async function submit(p: Page, question: string): Promise<void> {
  await p.getByLabel("Question", { exact: true }).fill(question);
  await p.getByRole("button", { name: "Ask", exact: true }).click();
}

/**
 * Ask on the Ask screen (keeping the conversation) and wait for this question's turn to finish. A turn that ends
 * in an error notice instead of an answer fails here with what the page shows, not as a wait that times out.
 */
export async function ask(p: Page, question: string, { fresh = false } = {}) {
  if (fresh || new URL(p.url()).pathname !== "/") await p.goto("/");
  const before = await p.getByTestId("turn").count();
  await submit(p, question);
  await p.waitForFunction((n) => document.querySelectorAll('[data-testid="turn"]').length > n &&
    !document.querySelector('[data-testid="turn"][data-running]'), before, { timeout: 120_000 });
  const turn = p.getByTestId("turn").first();
  if ((await turn.getByTestId("answer").count()) === 0) {
    throw new Error(`no answer to ${JSON.stringify(question)}; the turn shows: ${(await turn.innerText()).slice(0, 800)}`);
  }
  return p.getByTestId("answer").first();
}

/** No rendered answer on the page shows an internal token (ids, rel types, status codes). */
export async function expectNoInternalTokens(p: Page): Promise<void> {
  for (const text of await answerTexts(p)) {
    for (const pattern of INTERNAL_TOKENS) expect(text, `${pattern} in:\n${text}`).not.toMatch(pattern);
  }
}
