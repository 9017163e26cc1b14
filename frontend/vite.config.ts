import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The FastAPI app serves dist/ at "/" with an SPA fallback; in `npm run dev` the API is proxied.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { "/api": process.env.ZEHN_API ?? "http://127.0.0.1:8000" },
  },
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 1200 },
});
