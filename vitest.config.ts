import { defineConfig } from "vitest/config";

/**
 * `npm test` runs every project. The integration and browser projects start
 * the local stand-ins once per run (see their globalSetup files).
 */
export default defineConfig({
  test: {
    globals: true,
    // Two files at a time: integration tests mostly wait on the stand-ins and ffmpeg, so one worker left a core idle.
    // The integration files still run one after another (below): they share the stand-ins and their sweepers.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          globals: true,
          environment: "node",
          include: ["packages/{core,functions,local}/{src,bench,test}/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          globals: true,
          environment: "node",
          include: ["packages/*/src/**/*.int.test.ts"],
          globalSetup: ["packages/local/src/test/global-setup.ts"],
          setupFiles: ["packages/local/src/test/worker-env.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          poolOptions: { forks: { singleFork: true } },
          // After the unit, web and stack files (group 0, both cores), beside the browser tests (same group).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "stacks",
          globals: true,
          environment: "node",
          include: ["stacks/test/**/*.test.ts"],
          env: { NODE_ENV: "test", SST_TELEMETRY_DISABLED: "1" },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      "packages/web/vitest.config.ts",
      {
        test: {
          name: "e2e",
          globals: true,
          environment: "node",
          include: ["e2e/**/*.e2e.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          setupFiles: ["packages/local/src/test/worker-env.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One browser test file at a time: they share one server. In worker threads, not forks: vitest runs
          // each pool's single-worker projects one after another, so as a fork this project waited for the
          // integration files to end; as a thread it runs beside them (two pools, two cores).
          pool: "threads",
          poolOptions: { threads: { singleThread: true } },
          // Not beside the CPU-bound unit and web files (they slowed to a crawl): with the integration files.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
