// ESLint for the whole repository. The import boundaries below are the ones
// docs/architecture.md#boundaries describes; a violation fails `npm run lint` and CI.
import { readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";

const WEB = "packages/web/src";
const features = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Core modules the web may import: schemas, constants, catalogues and pure rules. They must stay free of Node and AWS code. */
const BROWSER_SAFE_CORE = [
  "**/schema",
  "**/constants",
  "**/types",
  "showcase/limits",
  "html",
  "plain-text",
  // The whole catalogue: data and pure rules only (seeding lives in seed.ts, environment reading in public-environment.ts).
  "catalog/*",
  // Pure timing maths: the render page shows shots for as long as the video holds them.
  "media/timeline",
  "media/captions",
  "board/shot-vocabulary",
  "render/voice-assignment",
  "render/story-facts",
  "render/continuity",
  "render/character-details",
  "render/nicknames",
  "render/sentences",
  "provider/offline/prompt-reading",
  "screenplay/animals",
  "render/pricing",
  "render/status",
  "render/progress",
  "moderation/report",
  "billing/price",
  "billing/plan-change",
];
/** Every file of packages/core/src, relative to it, without extension. */
const coreModules = (function walk(dir) {
  return readdirSync(new URL(`./packages/core/src/${dir}`, import.meta.url), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? walk(`${dir}${d.name}/`)
      : /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name)
        ? [`${dir}${d.name.replace(/\.tsx?$/, "")}`]
        : [],
  );
})("");
const toRegex = (glob) => glob.replace(/\*\*\//g, "(?:[\\w-]+/)*").replace(/\*/g, "[\\w-]*");
const browserSafeModules = coreModules.filter((m) => BROWSER_SAFE_CORE.some((g) => new RegExp(`^${toRegex(g)}$`).test(m)));
const browserSafeFiles = browserSafeModules.map((m) => `packages/core/src/${m}.ts`);
const nodeOrAws = [
  ...builtinModules.flatMap((m) => [m, `node:${m}`]),
  "@aws-sdk/*",
  "@aws-lambda-powertools/*",
  "aws-jwt-verify",
  "electrodb",
  "sst",
  "sst/*",
  "sharp",
  "stripe",
];

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", ".sst/**", "cdk.out/**", ".data/**", "coverage/**", "test-results/**", ".bench-out/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: { "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } } },
    rules: {
      // Deliberately unused arguments and caught errors start with an underscore.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty": ["error", { allowEmptyCatch: true }],
      // The parsers and archive code match control characters on purpose (binary sniffing, XML 1.0's forbidden characters).
      "no-control-regex": "off",
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            // A web feature never imports another feature: compose them in app/, share through lib/ and components/.
            ...features.map((feature) => ({
              target: `./${WEB}/features/${feature}`,
              from: `./${WEB}/features`,
              except: [`./${feature}`],
              message:
                "Web features never import one another: compose them in app/, or move what both need to lib/ or components/ (docs/architecture.md#boundaries).",
            })),
            {
              target: [`./${WEB}/components`, `./${WEB}/lib`, `./${WEB}/config`, `./${WEB}/hooks`],
              from: `./${WEB}/features`,
              message:
                "Shared web code never imports a feature: pass what it needs in props, or move it to lib/ (docs/architecture.md#boundaries).",
            },
            {
              target: "./packages/core",
              from: ["./packages/functions", "./packages/local", "./packages/web"],
              message: "packages/core is the domain and imports no other package of ours (docs/architecture.md#boundaries).",
            },
            {
              target: browserSafeFiles.map((f) => `./${f}`),
              from: "./packages/core/src",
              except: browserSafeModules.map((m) => `./${m}.ts`),
              message: "Browser-safe core modules import only other browser-safe modules (docs/architecture.md#boundaries).",
            },
          ],
        },
      ],
    },
  },
  {
    // Every pattern may meet hostile text (an upload, a form field, a provider's answer): none may backtrack
    // or rescan super-linearly (docs/decisions.md#hardening). Tests and fixtures build their own input.
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/fixtures/**", "e2e/**"],
    plugins: { regexp },
    rules: { "regexp/no-super-linear-backtracking": "error", "regexp/no-super-linear-move": "error" },
  },
  {
    // Tests write terse loops (comma expressions) over pixels and bytes.
    files: ["**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
  {
    files: ["packages/core/**/*.{ts,tsx}"],
    // Integration tests exercise core against the local stand-ins, so they may use the local runtime's test fixtures.
    ignores: ["**/*.int.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@storyboard/functions*", "@storyboard/local*", "@storyboard/web*"],
              message: "packages/core imports no other package of ours (docs/architecture.md#boundaries).",
            },
          ],
        },
      ],
    },
  },
  {
    files: browserSafeFiles,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: nodeOrAws,
              message: "The web imports this module: no Node built-ins or AWS code here (docs/architecture.md#boundaries).",
            },
          ],
        },
      ],
    },
  },
  {
    // Who is asking is read in core, one way (docs/architecture.md#boundaries): handlers never read it to pass it on.
    files: ["packages/functions/src/**/*.ts"],
    ignores: ["**/*.test.ts", "packages/functions/src/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@storyboard/core/actor",
              importNames: ["useActor", "useUserId", "useSessionId", "hasRole", "assertAdmin"],
              message: "Core reads who is asking: call a core operation that uses useUserId()/hasRole() itself.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^@storyboard/core/(?!(?:${BROWSER_SAFE_CORE.map(toRegex).join("|")})$)`,
              message:
                "The web imports only browser-safe core modules (schemas, constants, catalogues): see BROWSER_SAFE_CORE in eslint.config.js.",
            },
            { group: ["@storyboard/functions*", "@storyboard/local*"], message: "The web talks to the server over the API only." },
          ],
        },
      ],
    },
  },
  {
    // Requests go through lib/: the API client (lib/api.ts) and presigned uploads (lib/upload.ts), so every
    // answer is read and every failure worded one way (docs/decisions.md#a-presigned-upload-shows-its-progress).
    files: [`${WEB}/{features,components,app,hooks}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the API through lib/api.ts (api.get, api.post...) in the feature's query hooks." },
        { name: "XMLHttpRequest", message: "Send files to a presigned address with lib/upload.ts uploadToPresignedUrl." },
      ],
    },
  },
);
