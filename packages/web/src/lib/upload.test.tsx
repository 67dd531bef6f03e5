import { stubXhr } from "../test/fake-xhr";
import { ApiError } from "./api";
import { uploadToPresignedUrl } from "./upload";

/** Presigned PUTs straight to storage, with their progress (lib/upload.ts). */
describe("uploadToPresignedUrl", () => {
  const file = new File([new Uint8Array([1, 2, 3, 4])], "Theme.mp3", { type: "audio/mpeg" });
  const URL = "https://bucket.example/music-incoming/u1/x?X-Amz-Signature=abc";

  it("PUTs the file itself with the signed headers, reports its share sent, and resolves on 200", async () => {
    const { requests } = stubXhr();
    const shares: number[] = [];
    const sent = uploadToPresignedUrl(URL, file, { headers: { "Content-Type": "audio/mpeg" }, onProgress: (share) => shares.push(share) });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: "PUT", url: URL, headers: { "Content-Type": "audio/mpeg" } });
    expect(requests[0].body).toBe(file);
    requests[0].progress(1, 4);
    requests[0].progress(4, 4);
    requests[0].respond(200);
    await expect(sent).resolves.toBeUndefined();
    expect(shares).toEqual([0.25, 1]);
  });

  it("answers a refusal and a dropped line with messages a person understands", async () => {
    const { requests } = stubXhr();
    const refused = uploadToPresignedUrl(URL, file);
    requests[0].respond(403, "<Error><Code>SignatureDoesNotMatch</Code></Error>");
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, serverMessage: "The file could not be sent. Try again." });

    const dropped = uploadToPresignedUrl(URL, file);
    requests[1].fail();
    await expect(dropped).rejects.toMatchObject({ serverMessage: "The file could not be sent. Check your connection and try again." });
  });

  it("stops the request when its signal aborts, and sends nothing when it already has", async () => {
    const { requests } = stubXhr();
    const controller = new AbortController();
    const sent = uploadToPresignedUrl(URL, file, { signal: controller.signal });
    controller.abort(new DOMException("Left the page", "AbortError"));
    await expect(sent).rejects.toMatchObject({ name: "AbortError", message: "Left the page" });
    expect(requests[0].aborted).toBe(true);

    await expect(uploadToPresignedUrl(URL, file, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(requests).toHaveLength(1);
  });
});
