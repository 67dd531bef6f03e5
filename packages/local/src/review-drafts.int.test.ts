/**
 * Review comments survive a new draft (docs/decisions.md#comments-follow-their-block),
 * through the real pipeline: a render of draft 1 is shared and commented on,
 * draft 2 rewrites one line and adds one, and the render of draft 2 shows the
 * comments on the matching frames, outdated where the line changed.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { withActor } from "@storyboard/core/actor";
import { db } from "@storyboard/core/dynamo/service";
import { encodeWav } from "@storyboard/core/media/wav";
import { setProviders } from "@storyboard/core/provider/registry";
import type { ImageProvider, SpeechProvider } from "@storyboard/core/provider/types";
import { createRender } from "@storyboard/core/render/create";
import { REVIEW_TOKEN_HEADER } from "@storyboard/core/review/schema";
import { createTestUser, eventually, type TestUser } from "./test/fixtures";
import { useLocalWorkflows, workflowsSettled } from "./workflows";

const flatImages: ImageProvider = {
  async generate({ text }) {
    const [r, g, b] = createHash("md5").update(text).digest();
    const bytes = await sharp({ create: { width: 320, height: 180, channels: 3, background: { r, g, b } } }).png().toBuffer();
    return { bytes, contentType: "image/png", width: 320, height: 180 };
  },
};

const shortSpeech: SpeechProvider = {
  async synthesize() {
    const rate = 22050;
    return { wav: encodeWav({ sampleRate: rate, channels: 1, samples: new Int16Array(rate / 2) }), durationMs: 500 };
  },
};

const draft = (revised: boolean) =>
  [
    "Title: Night Desk",
    "",
    "INT. NIGHT DESK - NIGHT",
    "",
    "The guard dozes over a cold coffee.",
    "",
    ...(revised ? ["Rain streaks the window.", ""] : []),
    "MARA",
    "Wake up. Someone is in the vault.",
    "",
    "GUARD",
    revised ? "Five more minutes." : "Not now.",
    "",
  ].join("\n");

const json = { "content-type": "application/json" };
const post = (body: unknown) => ({ method: "POST", headers: json, body: JSON.stringify(body) });

async function renderNow(user: TestUser, screenplayId: string) {
  const { id } = await withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, () =>
    createRender({ screenplayId, title: "Night Desk", style: "cinematic", previewDescriptionsBeforeFirstImages: false, previewImagesBeforeFirstRender: false }),
  );
  await workflowsSettled();
  const job = (await db.entities.renderJob.get({ renderJobId: id }).go()).data!;
  expect(job.status, job.failureReason ?? "").toBe("complete");
  return id;
}

beforeAll(() => {
  useLocalWorkflows({ retryIntervalSeconds: 0 });
  setProviders({ image: flatImages, speech: shortSpeech });
});
afterAll(() => setProviders({}));

describe("review comments and a revised draft", () => {
  it("stay on their frames in the new draft's render, outdated where the line changed", async () => {
    const user = await createTestUser({ points: 100_000 });
    const form = new FormData();
    form.set("file", new Blob([draft(false)]), "night-desk.fountain");
    const { id: screenplayId } = await (await user.call("/api/screenplays", { method: "POST", body: form })).json();
    await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
    const first = await renderNow(user, screenplayId);

    const { link } = await (await user.call(`/api/renders/${first}/review-links`, post({ name: "For Dana" }))).json();
    const reviewer = { [REVIEW_TOKEN_HEADER]: link.url.slice("/review#".length) };
    const { review } = await (await fetch(new URL("/api/review", process.env.API_URL), { headers: reviewer })).json();
    const frameOf = (text: string) => review.frames.find((f: { text: string }) => f.text.includes(text)).blockId as string;
    const comment = async (blockId: string, text: string) => {
      const init = post({ blockId, name: "Dana", text });
      return (await (await fetch(new URL("/api/review/comments", process.env.API_URL), { ...init, headers: { ...init.headers, ...reviewer } })).json()).comment;
    };
    const onMara = await comment(frameOf("Someone is in the vault"), "Say it louder.");
    const onGuard = await comment(frameOf("Not now."), "Funnier?");

    const revised = new FormData();
    revised.set("file", new Blob([draft(true)]), "night-desk-2.fountain");
    expect((await user.call(`/api/screenplays/${screenplayId}/versions`, { method: "POST", body: revised })).status).toBeLessThan(300);
    const second = await renderNow(user, screenplayId);

    const blocks = (await db.entities.renderBlock.query.byRender({ renderJobId: second }).go()).data;
    const idOf = (text: string) => blocks.find((b) => b.text.includes(text))!.blockId;
    const { comments } = await (await user.call(`/api/renders/${second}/comments`)).json();
    const shown = new Map(comments.map((c: { commentId: string }) => [c.commentId, c]));
    expect(idOf("Someone is in the vault")).not.toBe(onMara.blockId);
    expect(shown.get(onMara.commentId)).toMatchObject({ blockId: idOf("Someone is in the vault"), outdated: false, text: "Say it louder." });
    expect(shown.get(onGuard.commentId)).toMatchObject({ blockId: idOf("Five more minutes."), outdated: true });
  }, 300_000);
});
