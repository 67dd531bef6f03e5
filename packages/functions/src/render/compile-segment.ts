import type { SegmentItem } from "@storyboard/core/render/compile-plan";
import { compileSegment } from "@storyboard/core/render/compile";
import { task } from "./task";

/** One item of the compile Map: a run of clips encoded as a video segment (docs/decisions.md#scale). */
export const handler = task("CompileSegment", (input: SegmentItem) => compileSegment(input));
