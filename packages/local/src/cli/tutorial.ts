import { mkdirSync, copyFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const USAGE = `Usage: storyboard tutorial [--out FILE] [--bucket NAME] [--no-upload]
  Records the overview tutorial in headless Chromium against a throwaway copy of the product,
  narrates it with the offline speech and assembles it with the render compiler.
  Writes FILE (default .data/tutorial/overview.mp4) and, unless --no-upload, stores it in the
  media bucket (npm start's local S3 by default; --bucket NAME with AWS credentials for a stage).`;

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** `storyboard tutorial`: builds the tutorial video on demand (docs/decisions.md, tutorial video). */
export const command = {
  summary: "record, narrate and assemble the overview tutorial video",
  async run(args: string[]): Promise<number> {
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: { out: { type: "string" }, bucket: { type: "string" }, "no-upload": { type: "boolean", default: false } },
      }));
    } catch (e) {
      console.error(`${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    const out = resolve(values.out ?? join(repoRoot, ".data/tutorial/overview.mp4"));
    // Where npm start's S3 listens, read before the throwaway product takes over this process's environment.
    const target = {
      bucket: values.bucket,
      s3Endpoint: values.bucket ? undefined : `http://127.0.0.1:${process.env.LOCAL_S3_PORT ?? 4569}`,
    };

    const { build } = await import("vite");
    const webRoot = join(repoRoot, "packages/web");
    console.log("Building the web app...");
    await build({ root: webRoot, configFile: join(webRoot, "vite.config.ts"), logLevel: "error" });
    const { startProduct } = await import("../test/product");
    const product = await startProduct("static");
    const { launchBrowser } = await import("../browser");
    const browser = await launchBrowser();
    try {
      const { createTestUser } = await import("../test/fixtures");
      const user = await createTestUser({ points: 1000 });
      const { makeTutorial } = await import("../tutorial/make");
      console.log("Recording the walk-through...");
      const made = await makeTutorial({
        browser,
        appUrl: product.env.APP_URL,
        sessionToken: user.cookie.split("=")[1],
        outDir: join(dirname(out), "build"),
      });
      mkdirSync(dirname(out), { recursive: true });
      copyFileSync(made.videoPath, out);
      console.log(`Wrote ${out}: ${(made.durationMs / 1000).toFixed(1)} s.`);
      if (!values["no-upload"]) await upload(out, target);
      return 0;
    } catch (e) {
      console.error((e as Error).message.split("\n")[0]);
      return 1;
    } finally {
      await browser.close();
      await product.stop();
    }
  },
};

async function upload(file: string, target: { bucket?: string; s3Endpoint?: string }) {
  const { readFile } = await import("node:fs/promises");
  const { S3Client, PutObjectCommand } = await import("@aws-sdk/client-s3");
  const { TUTORIAL_VIDEO_KEY } = await import("@storyboard/core/public-environment");
  const local = !target.bucket;
  const s3 = local
    ? new S3Client({
        endpoint: target.s3Endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      })
    : new S3Client({});
  const bucket = target.bucket ?? "storyboard-media";
  try {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: TUTORIAL_VIDEO_KEY, Body: await readFile(file), ContentType: "video/mp4" }));
    console.log(`Stored as ${TUTORIAL_VIDEO_KEY} in ${bucket}${local ? ` (${target.s3Endpoint})` : ""}.`);
  } catch (e) {
    console.log(
      `Not stored in the media bucket (${(e as Error).message.split("\n")[0]}); is npm start running? Run the command again while it is.`,
    );
  }
}
