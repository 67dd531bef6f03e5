/**
 * The malformed form that kills s3rver through dicer (GHSA-wm7h-9275-46v2,
 * issue 20) no longer takes uploads and media down: the runtime restarts the
 * local S3 (stand-ins.ts). It only listens on loopback.
 */
import { getObjectBytes, listKeys, putObject } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { eventually } from "./test/fixtures";

describe("the local S3", () => {
  it("keeps serving after a malformed multipart POST (s3rver 3 still dies of it through dicer; the runtime restarts it)", async () => {
    const boundary = "----WebKitFormBoundaryoo6vortfDzBsDiro";
    // A header line that starts with a space: dicer 0.3 threw from inside its stream and the process died.
    const body = `--${boundary}\r\n Content-Disposition: form-data; name="key"\r\n\r\n\r\n--${boundary}--`;
    const answer = await fetch(`${process.env.S3_ENDPOINT}/${config.uploadsBucket}`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    }).catch((error: Error) => error);
    expect(answer instanceof Error ? answer.message : answer.status).not.toBe(200);
    await eventually(() => putObject(config.uploadsBucket, "probe/after-malformed-form.txt", "still here", "text/plain").then(() => true, () => false));
    expect(new TextDecoder().decode(await getObjectBytes(config.uploadsBucket, "probe/after-malformed-form.txt"))).toBe("still here");
    expect(await listKeys(config.uploadsBucket, "probe/")).toContain("probe/after-malformed-form.txt");
    expect((await fetch(new URL("/api/env", process.env.API_URL))).status).toBe(200);
  });

  it("listens on 127.0.0.1", () => {
    expect(new URL(process.env.S3_ENDPOINT!).hostname).toBe("127.0.0.1");
  });
});
