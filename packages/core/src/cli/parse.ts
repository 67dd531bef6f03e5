import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { isAppError } from "../error";
import { MAX_UPLOAD_BYTES } from "../screenplay/constants";
import { parseScreenplay } from "../screenplay/parse";
import type { Command } from "./command";

const USAGE = "Usage: storyboard parse FILE [--json]";

/** Reads the file, refusing oversized ones before loading them into memory. */
async function readUpload(file: string): Promise<Uint8Array> {
  const info = await stat(file);
  if (!info.isFile()) throw new Error(`${file} is not a file.`);
  // Over the limit: hand parseScreenplay a buffer of the same length so it gives its own message.
  if (info.size > MAX_UPLOAD_BYTES) return new Uint8Array(info.size);
  return new Uint8Array(await readFile(file));
}

export const command: Command = {
  summary: "Parse a screenplay file and print its blocks, characters and scenes.",
  async run(args) {
    const json = args.includes("--json");
    const files = args.filter((a) => !a.startsWith("--"));
    if (files.length !== 1) {
      console.error(USAGE);
      return 2;
    }
    const file = files[0];
    try {
      const parsed = parseScreenplay(await readUpload(file), path.basename(file));
      const { title, format, pageCount, blocks, characterDictionary, sceneDictionary } = parsed;
      if (json) {
        // title is null rather than absent when the file has none, so the shape is always the same.
        const output = { title: title ?? null, format, pageCount, blocks, characterDictionary, sceneDictionary };
        process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
      } else {
        const speakers = Object.entries(characterDictionary)
          .filter(([, c]) => c.isSpeaker)
          .map(([name]) => name);
        console.log(
          `${title ?? path.basename(file)} (${format}): ${pageCount} page(s), ${blocks.length} blocks, ` +
            `${Object.keys(sceneDictionary).length} scenes, ${speakers.length} speaking characters`,
        );
        if (speakers.length) console.log(`Speakers: ${speakers.join(", ")}`);
      }
      return 0;
    } catch (error) {
      const message = isAppError(error)
        ? error.message
        : (error as NodeJS.ErrnoException).code === "ENOENT"
          ? `File not found: ${file}`
          : (error as Error).message;
      console.error(`storyboard parse: ${message.replace(/(?<!\s)\s*\n\s*/g, " ")}`);
      return 1;
    }
  },
};
