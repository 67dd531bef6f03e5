import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

/**
 * The media bucket as the browser reaches it locally: `/media/<bucket>/<key>`
 * answers only a valid, unexpired presigned GET, as the private bucket does on
 * AWS (docs/decisions.md#private-media). The local S3 (s3rver) checks no
 * signature at all, so this edge checks it: it signs the same request again
 * with the same presigner and compares. Range requests pass through so videos seek.
 * A presigned PUT (a music track sent straight to the bucket) is checked the
 * same way, its signed Content-Length with it, then stored.
 */
export function createMediaHandler(s3Endpoint: string, bucket: string) {
  const s3 = new S3Client({
    endpoint: s3Endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    // A streamed body would otherwise reach the local S3 with aws-chunked framing stored inside it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const deny = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
    res.end(message);
    return true;
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!url.pathname.startsWith("/media/")) return false;
    let bucketAndKey: string;
    try {
      bucketAndKey = decodeURIComponent(url.pathname.slice("/media/".length));
    } catch {
      return deny(res, 400, "The address is not valid: it has a malformed %-escape.");
    }
    const slash = bucketAndKey.indexOf("/");
    const key = bucketAndKey.slice(slash + 1);
    if (slash === -1 || bucketAndKey.slice(0, slash) !== bucket) return deny(res, 404, "No such bucket.");
    if (req.method === "PUT") return putObject(req, res, url, key);
    const verdict = await checkSignature(url, key);
    if (verdict) return deny(res, 403, verdict);
    try {
      const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: req.headers.range }));
      res.statusCode = out.ContentRange ? 206 : 200;
      if (out.ContentType) res.setHeader("content-type", out.ContentType);
      if (out.ContentLength !== undefined) res.setHeader("content-length", out.ContentLength);
      if (out.ContentRange) res.setHeader("content-range", out.ContentRange);
      const disposition = url.searchParams.get("response-content-disposition");
      if (disposition) res.setHeader("content-disposition", disposition);
      res.setHeader("accept-ranges", "bytes");
      res.setHeader("cache-control", "private, max-age=300");
      (out.Body as NodeJS.ReadableStream).pipe(res);
    } catch (e) {
      const name = (e as Error).name;
      res.statusCode = name === "NoSuchKey" || name === "NotFound" ? 404 : name === "InvalidRange" ? 416 : 500;
      res.end();
    }
    return true;
  };

  /** A presigned PUT: the length must be the one signed, as S3 checks it. */
  async function putObject(req: IncomingMessage, res: ServerResponse, url: URL, key: string) {
    const length = Number(req.headers["content-length"]);
    if (!req.headers["content-length"] || !Number.isInteger(length)) return deny(res, 411, "MissingContentLength");
    const verdict = await checkSignature(url, key, length);
    if (verdict) return deny(res, 403, verdict);
    const out = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: req, ContentLength: length }));
    res.writeHead(200, { etag: out.ETag ?? "", "cache-control": "no-store" });
    res.end();
    return true;
  }
}

/** Why a presigned GET (or, with its length, PUT) is refused (S3's own wording), or undefined when it is valid now. */
async function checkSignature(url: URL, key: string, putLength?: number): Promise<string | undefined> {
  const q = url.searchParams;
  const signature = q.get("X-Amz-Signature");
  const date = q.get("X-Amz-Date");
  const expires = Number(q.get("X-Amz-Expires"));
  if (!signature || !date || !Number.isInteger(expires)) return "Access Denied";
  const signedAt = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
  if (Number.isNaN(signedAt)) return "Access Denied";
  if (Date.now() > signedAt + expires * 1000) return "Request has expired";
  // Core reads the environment when first imported: load it only once a request comes.
  const { presignMediaGet, presignMediaPut } = await import("@storyboard/core/render/media-access");
  const signingDate = new Date(signedAt);
  const resigned =
    putLength === undefined
      ? await presignMediaGet(key, { contentDisposition: q.get("response-content-disposition") ?? undefined, expiresIn: expires, signingDate })
      : await presignMediaPut(key, { contentLength: putLength, expiresIn: expires, signingDate });
  const expected = new URL(resigned).searchParams.get("X-Amz-Signature");
  const given = Buffer.from(signature);
  const wanted = Buffer.from(expected ?? "");
  return given.length === wanted.length && timingSafeEqual(given, wanted)
    ? undefined
    : "The request signature we calculated does not match the signature you provided.";
}
