/**
 * Turns the walk-through into the overview video with the product's own
 * tools: each screenshot narrated by the offline speech (George), captioned,
 * and assembled by the render pipeline's compiler (docs/decisions.md, tutorial video).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileVideo, type CompileResult } from "@storyboard/core/media/compile";
import { OfflineSpeechProvider } from "@storyboard/core/provider/offline/speech";
import { DEFAULT_NARRATOR_VOICE_ID } from "@storyboard/core/provider/types";
import type { Browser } from "playwright-core";
import { recordWalkthrough } from "./walkthrough";

export interface MakeTutorialOptions {
  browser: Browser;
  appUrl: string;
  /** The session cookie value of the user who walks through. */
  sessionToken: string;
  outDir: string;
}

export async function makeTutorial({ browser, appUrl, sessionToken, outDir }: MakeTutorialOptions): Promise<CompileResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: "light" });
  await context.addCookies([{ name: "sb_session", value: sessionToken, url: appUrl }]);
  await context.addInitScript(() => localStorage.setItem("welcomeDismissedAt", String(Date.now())));
  const work = await mkdtemp(join(tmpdir(), "storyboard-tutorial-"));
  try {
    const steps = await recordWalkthrough(await context.newPage(), appUrl);
    const speech = new OfflineSpeechProvider();
    const clips = [];
    for (const [i, step] of steps.entries()) {
      const imagePath = join(work, `step-${i}.png`);
      const audioPath = join(work, `step-${i}.wav`);
      const spoken = await speech.synthesize({ text: step.narration, voiceId: DEFAULT_NARRATOR_VOICE_ID });
      await writeFile(imagePath, step.screenshot);
      await writeFile(audioPath, spoken.wav);
      clips.push({ imagePath, audioPath, durationMs: spoken.durationMs, caption: step.narration });
    }
    return await compileVideo({ clips, outDir, burnCaptions: true, title: "How To Get Started" });
  } finally {
    await context.close();
    await rm(work, { recursive: true, force: true });
  }
}
