/**
 * The malformed form that killed s3rver 3 through dicer (GHSA-wm7h-9275-46v2,
 * issue 20) is refused by the local S3 (the maintained fork, on busboy 1.6),
 * which keeps serving at once: no crash, no restart.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request, Agent } from "node:http";
import { tmpdir } from "node:os";
import { Readable } from "node:stream";
import { join } from "node:path";
import { getObjectBytes, listKeys, listObjects, objectTag, putObject, uploadFile, uploadStream } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";

describe("the local S3", () => {
  it("answers a malformed multipart POST with an error and keeps serving, without a restart", async () => {
    const boundary = "----WebKitFormBoundaryoo6vortfDzBsDiro";
    // A header line that starts with a space: dicer 0.3 threw from inside its stream and the process died.
    const body = `--${boundary}\r\n Content-Disposition: form-data; name="key"\r\n\r\n\r\n--${boundary}--`;
    const answer = await fetch(`${process.env.S3_ENDPOINT}/${config.uploadsBucket}`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    }).catch((error: Error) => error);
    // s3rver 3 died mid-request: the connection was reset instead of answered.
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBeGreaterThanOrEqual(400);
    await putObject(config.uploadsBucket, "probe/after-malformed-form.txt", "still here", "text/plain");
    expect(new TextDecoder().decode(await getObjectBytes(config.uploadsBucket, "probe/after-malformed-form.txt"))).toBe("still here");
    expect(await listKeys(config.uploadsBucket, "probe/")).toContain("probe/after-malformed-form.txt");
    // A listing's ETag is the one a HeadObject answers (PlanCompile reads the pictures' identities from one).
    const listed = (await listObjects(config.uploadsBucket, "probe/")).find((o) => o.key === "probe/after-malformed-form.txt");
    expect(listed).toEqual({ key: "probe/after-malformed-form.txt", tag: await objectTag(config.uploadsBucket, listed!.key), size: 10 });
    expect((await fetch(new URL("/api/env", process.env.API_URL))).status).toBe(200);
  });

  it("keeps an idle connection open longer than a few seconds, so an upload is never sent on a socket it is closing", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<boolean>((resolve, reject) => {
        const req = request(`${process.env.S3_ENDPOINT}/${config.uploadsBucket}?list-type=2&max-keys=1`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(req.reusedSocket));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      expect(await get()).toBe(false);
      // Node's default keep-alive is 5 s: past it the server has closed the socket and the next request opens another.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it("takes a file or a stream larger than a part as a multipart upload, byte for byte", async () => {
    const dir = await mkdtemp(join(tmpdir(), "multipart-"));
    try {
      const bytes = randomBytes(11 * 1024 * 1024 + 17);
      const path = join(dir, "big.bin");
      await writeFile(path, bytes);
      // S3's least part, so three parts: what a feature's project zip does at 64 MB a part.
      await uploadFile(config.mediaBucket, "probe/multipart.bin", path, "application/octet-stream", 5 * 1024 * 1024);
      expect(Buffer.from(await getObjectBytes(config.mediaBucket, "probe/multipart.bin")).equals(bytes)).toBe(true);
      // A stream of unknown length (the project zip as it is made) goes up the same way.
      await uploadStream(
        config.mediaBucket,
        "probe/streamed.bin",
        Readable.from([bytes.subarray(0, 3_000_000), bytes.subarray(3_000_000)]),
        "application/zip",
        5 * 1024 * 1024,
      );
      expect(Buffer.from(await getObjectBytes(config.mediaBucket, "probe/streamed.bin")).equals(bytes)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
