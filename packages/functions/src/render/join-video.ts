import { joinVideo } from "@storyboard/core/render/compile";
import { task } from "./task";

export const handler = task("JoinVideo", (input) => joinVideo(input));
