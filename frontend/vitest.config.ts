import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Component and unit tests (jsdom). End-to-end tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    css: false,
  },
});
