import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "../logger";
import { PROVIDER_CHECK_FAILED } from "./check-alarm";
import { logProviderCheck, type ProviderCheckResult } from "./check-record";

/** The JSON lines the logger writes while `run` runs, as CloudWatch would store them. */
function loggedLines(run: () => void): Record<string, unknown>[] {
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  try {
    run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return written
    .join("")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

const report = (level: ProviderCheckResult["level"], message: string): ProviderCheckResult => ({
  checkedAt: "2026-11-27T00:00:00.000Z",
  level,
  findings: [{ provider: "OpenAI", level, message, ...(level === "error" ? { cause: "key" as const } : {}) }],
  offline: [],
});

// Whatever LOG_LEVEL the run was started with: these lines are what production writes at its default.
beforeAll(() => logger.setLogLevel("INFO"));
afterEach(() => vi.restoreAllMocks());

describe("the provider check's log (what the production alarm counts)", () => {
  it("marks the line of a failing check with the field the alarm's metric filter matches", () => {
    const lines = loggedLines(() => logProviderCheck(report("error", "OpenAI rejects the key (401).")));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    // A top-level field: the filter is `{ $.providerCheck = "failed" }`.
    expect(line).toMatchObject({ level: "ERROR", message: "Provider check: some provider work will fail", providerCheck: "failed" });
    expect(line![PROVIDER_CHECK_FAILED.field]).toBe(PROVIDER_CHECK_FAILED.value);
    expect(line!.report).toContain("OpenAI rejects the key (401).");
  });

  it("writes a warning without the mark, and nothing for a check that found nothing", () => {
    const warned = loggedLines(() => logProviderCheck(report("warning", "gpt-image-1.5 shuts down on 2026-12-01.")));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: "WARN", message: "Provider check: warnings" });
    expect(warned[0]).not.toHaveProperty(PROVIDER_CHECK_FAILED.field);
    expect(loggedLines(() => logProviderCheck(report("ok", "The key works.")))).toEqual([]);
  });
});
