import { join } from "node:path";
import { objectTag, uploadFile } from "../blob/s3";
import { getAspect } from "../catalog/aspects";
import { config } from "../config";
import { writePoster } from "../media/compile";
import { keepCopy, reuseCopy } from "../revision/asset-store";
import { posterContentKey } from "../revision/content-key";
import { type CompilePlan, outputKey, outputOf } from "./compile-plan";
import type { RenderJobItem } from "./jobs";

/**
 * The render's poster.jpg: copied inside S3 from the writer's asset store when an earlier render drew the same
 * one (the same first picture, title and size), else drawn from `firstImage` (a local file) and kept there
 * (docs/decisions.md#a-revised-render-remakes-less).
 */
export async function packagePoster(job: RenderJobItem, plan: CompilePlan, firstImage: string, work: string): Promise<"reused" | "made"> {
  const size = getAspect(job.aspect);
  const target = outputKey(job, "poster.jpg");
  const picture = await objectTag(config.mediaBucket, plan.clips[0].image);
  const key = posterContentKey({ userId: job.userId, picture, title: plan.title, size: [size.width, size.height] });
  if (await reuseCopy("poster", job, key, target)) return "reused";
  const poster = join(work, "poster.jpg");
  await writePoster(firstImage, poster, plan.title, size);
  await uploadFile(config.mediaBucket, target, poster, outputOf("poster.jpg").contentType);
  await keepCopy("poster", job, key, target);
  return "made";
}
