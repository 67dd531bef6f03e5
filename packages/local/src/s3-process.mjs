/**
 * The local S3 (@20minutes/s3rver, the maintained fork of s3rver: busboy 1.6 and fast-xml-parser 5,
 * so the malformed form of GHSA-wm7h-9275-46v2 no longer kills it; docs/decisions.md#local-runtime-stays-local)
 * in its own process: it needs Node's legacy OpenSSL provider (listing with MaxKeys fails otherwise),
 * which the rest of the product should not run under. The events of the buckets with notifications (the
 * third argument) go to the parent over IPC.
 * Plain JavaScript, so the child starts without the TypeScript loader.
 */
import S3rver from "@20minutes/s3rver";
// Before the server starts: what the local S3 changes in s3rver's store.
import "./s3-store.mjs";

const [port, directory, notifying, ...buckets] = process.argv.slice(2);
const notifies = new Set(notifying.split(",").filter(Boolean));
const server = new S3rver({
  port: Number(port),
  address: "127.0.0.1",
  directory,
  silent: true,
  // The fork checks SigV4 but builds the canonical path of a bucket request without the trailing
  // slash the SDK signs (`/bucket/?list-type=2`), so every listing would fail. s3rver 3 checked no
  // SigV4 at all; the access key id is still checked, and only this machine reaches the port.
  allowMismatchedSignatures: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
server.on("event", (event) => {
  if (event.Records?.some((r) => notifies.has(r.s3?.bucket?.name))) process.send?.({ type: "s3-event", event });
});
await server.run();
// The SDK keeps sockets open between requests, and Node's server closes an idle one after 5 s: an upload sent as
// it closes fails with 'socket hang up' and is not retried (its body is a stream). Seen on a loaded machine;
// idle connections are kept a minute, as the app server keeps them (app-server.ts).
server.httpServer.keepAliveTimeout = 65_000;
server.httpServer.headersTimeout = 66_000;
process.send?.({ type: "ready" });
process.on("disconnect", () => process.exit(0));
