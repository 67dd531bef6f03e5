import type { BlockBatch } from "@storyboard/core/render/batches";
import { generateBlockBatch } from "@storyboard/core/render/generate";
import { task } from "./task";

/** One item of the generate Map: a batch of block assets read from S3 (docs/decisions.md#scale). */
export const handler = task("GenerateBlock", (input: BlockBatch) => generateBlockBatch(input));
