import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { earlyRequests, prerenderAndCompress } from "./build/prerender-plugin";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), earlyRequests(), prerenderAndCompress()],
  resolve: {
    // The repository root holds another React (a CLI dependency); always use this package's copy.
    dedupe: ["react", "react-dom", "zod"],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // The framework changes rarely; keep it in its own long-cached chunks.
        manualChunks(id) {
          if (!id.includes("node_modules")) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return "react";
          if (id.includes("@tanstack")) return "query";
          // One chunk of icons instead of one file per icon per screen.
          if (id.includes("lucide-react")) return "icons";
          // No Radix chunk: each primitive ships with the screens that use it, so a page loads only its own.
          return undefined;
        },
      },
    },
  },
});
