/**
 * `storyboard job NAME`: runs one scheduled job now, inside the running
 * `npm start` (its control socket, control.ts), so a job that resumes a render
 * runs it where the local state-machine runner lives.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "@storyboard/core/cli/command";
import { SCHEDULED_JOBS } from "@storyboard/core/jobs/schedules";
import { callControl } from "../control";

const usage = () =>
  [
    "Usage: storyboard job NAME",
    "",
    "Runs a scheduled job now, in the running npm start.",
    "",
    "Jobs:",
    ...SCHEDULED_JOBS.map((j) => `  ${j.name.padEnd(22)}${j.schedule.padEnd(20)}${j.description}`),
  ].join("\n");

const dataDir = () => process.env.STORYBOARD_DATA_DIR ?? join(fileURLToPath(new URL("../../../..", import.meta.url)), ".data");

export const command: Command = {
  summary: "run a scheduled job now (in the running npm start)",
  async run(args) {
    const [name] = args;
    if (!name || name === "--help" || name === "-h") {
      console.log(usage());
      return name ? 0 : 2;
    }
    if (!SCHEDULED_JOBS.some((job) => job.name === name)) {
      console.error(`Unknown job "${name}".\n\n${usage()}`);
      return 2;
    }
    try {
      const answer = await callControl(dataDir(), { job: name });
      if (answer.status !== 200) {
        console.error(`${name} failed: ${(answer.body as { message?: string })?.message ?? answer.status}`);
        return 1;
      }
      console.log(`${name}: ${JSON.stringify(answer.body)}`);
      return 0;
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
  },
};
