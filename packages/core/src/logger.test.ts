import { logger, redactSecrets } from "./logger";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

describe("the logger never writes a review token", () => {
  it("redacts review paths in any text", () => {
    expect(redactSecrets(`GET /api/review/${TOKEN}/media/video`)).toBe("GET /api/review/[redacted]/media/video");
    expect(redactSecrets(`https://app.example/review/${TOKEN}`)).toBe("https://app.example/review/[redacted]");
    expect(redactSecrets("/api/renders/abc/review-links")).toBe("/api/renders/abc/review-links");
    expect(redactSecrets(`https://app.example/review#${TOKEN}`)).toBe("https://app.example/review#[redacted]");
  });

  it("redacts messages, attributes and error stacks of real log lines", () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const info = vi.spyOn(console, "info").mockImplementation((line: string) => void lines.push(line));
    const error = vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    // Whatever level the run set (the integration setup silences logs for every worker after it): these lines must be written.
    const level = logger.getLevelName();
    logger.setLogLevel("INFO");
    try {
      logger.error(`Request to /api/review/${TOKEN} failed`, { path: `/api/review/${TOKEN}/comments`, error: new Error(`at /review/${TOKEN}`) });
      logger.info("ok", { nested: { url: `/review/${TOKEN}` } });
      logger.info("headers", { headers: { "X-Review-Token": TOKEN, "x-review-token": TOKEN }, page: `/review#${TOKEN}` });
    } finally {
      logger.setLogLevel(level);
      write.mockRestore();
      info.mockRestore();
      error.mockRestore();
    }
    const text = lines.join("\n");
    expect(text).toContain("[redacted]");
    expect(text).not.toContain(TOKEN);
  });
});
