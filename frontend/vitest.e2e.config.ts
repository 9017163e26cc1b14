import { defineConfig } from "vitest/config";

// End-to-end: the real `zehn serve` with the bundled corpus, driven through /usr/bin/chromium by playwright-core.
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
