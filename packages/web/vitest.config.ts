import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineProject({
  root,
  plugins: [react()],
  resolve: {
    dedupe: ["react", "react-dom", "zod"],
    // lucide-react has no "exports" map, so Node would take its CommonJS build, whose
    // require("react") finds the root's React 18. Point at the ES build so it is inlined.
    mainFields: ["module", "jsnext:main", "jsnext", "main"],
    alias: [
      { find: /^lucide-react$/, replacement: "lucide-react/dist/esm/lucide-react.js" },
      // tslib's "import" entry re-exports its CommonJS build, which the optimizer's bundle reads as undefined.
      { find: /^tslib$/, replacement: "tslib/tslib.es6.mjs" },
    ],
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.tsx"],
    setupFiles: ["src/test/setup.ts"],
    globals: true,
    css: false,
    // The longest screens (the render page with its promotion form) take 7–8 s alone in jsdom; CI runs
    // them beside the integration tests on two cores, where 15 s was not always enough.
    testTimeout: 30_000,
    // Inline React libraries so they resolve this package's React 19 rather than
    // the React 18 hoisted to the repository root.
    // React and the libraries every screen imports are bundled once for the run (esbuild) instead of
    // transformed module by module in every file: the web project's CPU fell by about a third.
    deps: {
      optimizer: {
        web: {
          enabled: true,
          include: [
            "react",
            "react-dom",
            "react-dom/client",
            "react/jsx-runtime",
            "react/jsx-dev-runtime",
            "@tanstack/react-query",
            "react-router-dom",
            "react-hook-form",
            "@hookform/resolvers/zod",
            "@testing-library/react",
            "@testing-library/user-event",
            "lucide-react",
            "zod",
          ],
        },
      },
    },
    server: {
      deps: {
        inline: [
          /@radix-ui/,
          /@tanstack/,
          /react-hook-form/,
          /@hookform/,
          /react-router/,
          /lucide-react/,
          /@floating-ui/,
          /@testing-library/,
          /react-remove-scroll/,
          /react-style-singleton/,
          /use-callback-ref/,
          /use-sidecar/,
        ],
      },
    },
  },
});
