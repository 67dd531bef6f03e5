import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Integration files that act on the whole table rather than their own users' items: the stuck-work sweeper
 * (it takes over any overdue render, with the phase starter of its own process) and the scheduled jobs
 * (hosting expiry, the weekly digest to every active user). They run one at a time, before the others, which
 * run two at a time on the shared stand-ins.
 */
const TABLE_WIDE = [
  "packages/core/src/jobs/jobs.int.test.ts",
  "packages/local/src/stuck-work.int.test.ts",
  "packages/local/src/render-settlement.int.test.ts",
  "packages/local/src/render-soak.int.test.ts",
];

/** Both integration projects share one set of stand-ins (global-setup.ts starts it once for the run). */
function integrationProject(name: string, test: TestProjectInlineConfiguration["test"]): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      globals: true,
      environment: "node",
      globalSetup: ["packages/local/src/test/global-setup.ts"],
      setupFiles: ["packages/local/src/test/worker-env.ts"],
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // After the unit, web and stack files (group 0, both cores), beside the browser tests (same group).
      sequence: { groupOrder: 1 },
      ...test,
    },
  };
}

/**
 * `npm test` runs every project. The integration and browser projects start
 * the local stand-ins once per run (see their globalSetup files).
 */
export default defineConfig({
  test: {
    globals: true,
    // Two files at a time, on the two cores of the machines this runs on.
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
      integrationProject("integration", {
        include: ["packages/*/src/**/*.int.test.ts"],
        exclude: [...TABLE_WIDE, "**/node_modules/**"],
      }),
      // One at a time, in a worker thread from the start of the run (the stand-ins are up by then): beside the unit,
      // web and stack files rather than after the other integration files, where it left a core idle.
      integrationProject("integration-table-wide", {
        include: TABLE_WIDE,
        pool: "threads",
        poolOptions: { threads: { singleThread: true } },
        sequence: { groupOrder: 0 },
      }),
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
          setupFiles: ["e2e/worker-env.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A page beside the integration files can take seconds to answer: expect.poll's default second is too short.
          expect: { poll: { timeout: 15_000 } },
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
