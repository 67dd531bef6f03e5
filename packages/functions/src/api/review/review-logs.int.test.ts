/**
 * The token never appears in the API's logs (issue 28, docs/decisions.md#review-links): the reviewer's
 * routes run in this process, each Powertools line they write is kept, and none holds the token. Also a
 * failure on our side, the one path that logs an error with its message and stack.
 */
import { setClock } from "@storyboard/core/clock";
import { logger } from "@storyboard/core/logger";
import { REVIEW_TOKEN_HEADER } from "@storyboard/core/review/schema";
import { createTestUser } from "@storyboard/local/test/fixtures";
import { makeEvent } from "../../shared/test-event";
import { handler as commentHandler } from "./comment";
import { handler as decisionHandler } from "./decision";
import { createLink, reviewableRender } from "./test-support";
import { handler as viewHandler } from "./view";

/** Every line the logger writes while `run` runs, at INFO whatever the run's level. */
async function logLines(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const keep = (...chunks: unknown[]) => void lines.push(chunks.map(String).join(" "));
  const spies = [
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (keep(chunk), true)),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (keep(chunk), true)),
    ...(["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level).mockImplementation(keep)),
  ];
  const level = logger.getLevelName();
  logger.setLogLevel("DEBUG");
  try {
    await run();
  } finally {
    logger.setLogLevel(level);
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("\n");
}

const post = (path: string, token: string, body: unknown) =>
  makeEvent({
    method: "POST",
    path,
    routeKey: `POST ${path}`,
    headers: { [REVIEW_TOKEN_HEADER]: token, "content-type": "application/json", origin: "http://localhost:3000" },
    body: JSON.stringify(body),
  });

describe("review links in the logs", () => {
  it("never write the token: views, comments, refusals, a decision and a failure on our side", async () => {
    const owner = await createTestUser();
    const { renderJobId, blockIds } = await reviewableRender(owner);
    const { token } = await createLink(owner, renderJobId);
    const statuses: (number | undefined)[] = [];
    const text = await logLines(async () => {
      statuses.push((await viewHandler(makeEvent({ path: "/api/review", routeKey: "GET /api/review", headers: { [REVIEW_TOKEN_HEADER]: token } }))).statusCode);
      statuses.push((await commentHandler(post("/api/review/comments", token, { blockId: blockIds[1], name: "Dana", text: "Tighter." }))).statusCode);
      statuses.push((await commentHandler(post("/api/review/comments", token, { name: "", text: "" }))).statusCode);
      // A failure of ours mid-request: its message names the page's address, and it is logged with its stack.
      setClock(() => {
        throw new Error(`clock failed while serving /review#${token}`);
      });
      try {
        statuses.push((await decisionHandler(post("/api/review/decision", token, { decision: "approved", name: "Dana" }))).statusCode);
      } finally {
        setClock(undefined);
      }
      statuses.push((await decisionHandler(post("/api/review/decision", token, { decision: "approved", name: "Dana" }))).statusCode);
      // Whatever a later handler logs of its request: the header is written without its value.
      logger.debug("request", { headers: { [REVIEW_TOKEN_HEADER]: token } });
    });
    expect(statuses).toEqual([200, 201, 400, 500, 201]);
    expect(text).toContain("clock failed while serving /review#[redacted]");
    expect(text).toContain(`"${REVIEW_TOKEN_HEADER}":"[redacted]"`);
    expect(text).not.toContain(token);
  });
});
