/**
 * The local S3 (s3rver) in its own process: it needs Node's legacy OpenSSL
 * provider (listing with MaxKeys fails otherwise), which the rest of the
 * product should not run under. Bucket events go to the parent over IPC.
 * Plain JavaScript, so the child starts without the TypeScript loader.
 */
import S3rver from "s3rver";

const [port, directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: "127.0.0.1",
  directory,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
server.on("event", (event) => process.send?.({ type: "s3-event", event }));
await server.run();
process.send?.({ type: "ready" });
process.on("disconnect", () => process.exit(0));
