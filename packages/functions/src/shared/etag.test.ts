import { conditional, taggedAnswer } from "./etag";
import { type ApiEvent, json } from "./http";

const event = (ifNoneMatch?: string) => ({ headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {} }) as unknown as ApiEvent;

describe("conditional GET", () => {
  it("tags a 200 and answers a matching If-None-Match with an empty 304", () => {
    const first = conditional(event(), json(200, { status: "rendering" }));
    const etag = String(first.headers!.etag);
    expect(first.statusCode).toBe(200);
    expect(first.headers!["cache-control"]).toBe("private, no-cache");
    const again = conditional(event(`"x", ${etag}`), json(200, { status: "rendering" }));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers!["content-type"]).toBeUndefined();
    expect(again.headers!.etag).toBe(etag);
  });

  it("answers in full when the body changed, and leaves errors alone", () => {
    const etag = String(conditional(event(), json(200, { status: "rendering" })).headers!.etag);
    expect(conditional(event(etag), json(200, { status: "complete" })).statusCode).toBe(200);
    const error = conditional(event(etag), json(404, { message: "Render not found." }));
    expect(error.statusCode).toBe(404);
    expect(error.headers!.etag).toBeUndefined();
  });

  it("serializes and hashes a frozen result once, and any other result afresh", () => {
    const frozen = Object.freeze({ status: "rendering" });
    const first = taggedAnswer(frozen);
    expect(taggedAnswer(frozen)).toBe(first);
    expect(conditional(event(String(first.headers!.etag)), first).statusCode).toBe(304);
    const open = { status: "rendering" };
    const before = String(taggedAnswer(open).headers!.etag);
    expect(before).toBe(first.headers!.etag);
    open.status = "complete";
    const after = taggedAnswer(open);
    expect(after.headers!.etag).not.toBe(before);
    expect(JSON.parse(after.body!)).toEqual({ status: "complete" });
  });
});
