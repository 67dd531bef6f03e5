import { MAX_UPLOAD_BYTES } from "@storyboard/core/screenplay/constants";
import { parseMultipart } from "./multipart";
import { makeEvent } from "./test-event";

function uploadEvent(size: number) {
  const boundary = "----limit-test";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.fountain"\r\nContent-Type: text/plain\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(size, "a"), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const event = makeEvent({ method: "POST", path: "/api/screenplays", headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
  event.body = body.toString("base64");
  event.isBase64Encoded = true;
  return event;
}

describe("the upload size limit", () => {
  it("admits a file of exactly the limit and marks one byte more as too large", async () => {
    const exact = await parseMultipart(uploadEvent(MAX_UPLOAD_BYTES), MAX_UPLOAD_BYTES);
    expect(exact.files.file.truncated).toBe(false);
    expect(exact.files.file.bytes.length).toBe(MAX_UPLOAD_BYTES);
    const over = await parseMultipart(uploadEvent(MAX_UPLOAD_BYTES + 1), MAX_UPLOAD_BYTES);
    expect(over.files.file.truncated).toBe(true);
  });
});
