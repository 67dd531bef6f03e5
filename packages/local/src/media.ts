import type { IncomingMessage, ServerResponse } from "node:http";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";

/**
 * Serves `/media/<key>` from the local media bucket, with Range support so
 * the browser can seek in videos. On AWS a CloudFront distribution does this.
 */
export function createMediaHandler(s3Endpoint: string, bucket: string) {
  const s3 = new S3Client({
    endpoint: s3Endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!url.pathname.startsWith("/media/")) return false;
    let key: string;
    try {
      key = decodeURIComponent(url.pathname.slice("/media/".length));
    } catch {
      res.statusCode = 400;
      res.end();
      return true;
    }
    try {
      const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: req.headers.range }));
      res.statusCode = out.ContentRange ? 206 : 200;
      if (out.ContentType) res.setHeader("content-type", out.ContentType);
      if (out.ContentLength !== undefined) res.setHeader("content-length", out.ContentLength);
      if (out.ContentRange) res.setHeader("content-range", out.ContentRange);
      res.setHeader("accept-ranges", "bytes");
      res.setHeader("cache-control", "public, max-age=300");
      const body = out.Body as NodeJS.ReadableStream;
      body.pipe(res);
    } catch (e) {
      const name = (e as Error).name;
      res.statusCode = name === "NoSuchKey" || name === "NotFound" ? 404 : name === "InvalidRange" ? 416 : 500;
      res.end();
    }
    return true;
  };
}
