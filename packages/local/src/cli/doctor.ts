/**
 * `storyboard doctor`: asks each configured cloud provider whether its key,
 * models and plan will work (core/provider/doctor.ts), with the keys and
 * model settings of this shell (or `.env`). Exit code 0 when nothing will
 * fail, 1 when something will, 2 on a usage error.
 */
import { parseArgs } from "node:util";
import type { Command } from "@storyboard/core/cli/command";

const USAGE = `Usage: storyboard doctor [--json]
  Checks OPENAI_API_KEY and ELEVENLABS_API_KEY (with OPENAI_BASE_URL, ELEVENLABS_BASE_URL and the model settings of .env.example).`;

export const command: Command = {
  summary: "check the cloud providers' keys, models and plan",
  async run(args) {
    let json = false;
    try {
      const parsed = parseArgs({ args, options: { json: { type: "boolean" } } });
      json = parsed.values.json ?? false;
    } catch (e) {
      console.error(`${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    process.env.LOG_LEVEL ||= "SILENT";
    const { checkProviders, formatReport } = await import("@storyboard/core/provider/doctor");
    const report = await checkProviders();
    console.log(json ? JSON.stringify(report, null, 2) : formatReport(report));
    return report.level === "error" ? 1 : 0;
  },
};
