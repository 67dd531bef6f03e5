/**
 * On-demand frames (docs/decisions.md#on-demand-frames): answered at once with
 * a pending frame, drawn in the background, charged once per idempotency key
 * and refunded when drawing fails.
 */
import { withActor } from "@storyboard/core/actor";
import { db } from "@storyboard/core/dynamo/service";
import { OfflineImageProvider } from "@storyboard/core/provider/offline/image";
import { setProviders } from "@storyboard/core/provider/registry";
import type { ImageRequest } from "@storyboard/core/provider/types";
import { createRender } from "@storyboard/core/render/create";
import { getRenderBlocks } from "@storyboard/core/render/jobs";
import { generateImageOnDemand, listImageRequests } from "@storyboard/core/render/on-demand-image";
import { saveImageOrder } from "@storyboard/core/render/review";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "./test/fixtures";
import { useLocalWorkflows, workflowsSettled } from "./workflows";

const balanceOf = async (userId: string) => (await db.entities.user.get({ userId }).go()).data!.points;
const asUser = <T>(user: TestUser, run: () => Promise<T>) => withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, run);

/** A render at the image review, its first block with an image, and the balance after the render's charge. */
async function renderAtReview() {
  const user = await createTestUser({ points: 1000 });
  const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
  const { id } = await asUser(user, () =>
    createRender({ screenplayId, title: "Frames", style: "noir", previewDescriptionsBeforeFirstImages: false, previewImagesBeforeFirstRender: true }),
  );
  await workflowsSettled();
  const [block] = (await getRenderBlocks(id)).filter((b) => b.imageUrl?.length);
  return { user, id, block, balance: await balanceOf(user.userId) };
}

/** An image provider whose frames wait until the test lets them go. */
function heldImages() {
  const offline = new OfflineImageProvider();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requests: ImageRequest[] = [];
  setProviders({
    image: {
      generate: async (input) => {
        requests.push(input);
        await gate;
        return offline.generate(input);
      },
    },
  });
  return { release, requests };
}

beforeAll(() => useLocalWorkflows({ retryIntervalSeconds: 0 }));
afterEach(() => setProviders({}));

describe("on-demand frames", () => {
  it("answers a pending frame at once, lets the writer keep working, then shows it ready, charged once", async () => {
    const { user, id, block, balance } = await renderAtReview();
    const held = heldImages();
    const pending = await asUser(user, () =>
      generateImageOnDemand({ renderJobId: id, blockId: block.blockId, imagePrompt: "A lamp in the rain", idempotencyKey: "lamp-in-the-rain-1" }),
    );
    expect(pending).toMatchObject({ blockId: block.blockId, prompt: "A lamp in the rain", status: "pending" });
    expect(await balanceOf(user.userId)).toBe(balance - 10);
    // While it is drawn the writer works on: the block's order can be saved and the frame is listed as pending.
    await asUser(user, () => saveImageOrder({ renderJobId: id, blockId: block.blockId, imageUrl: block.imageUrl! }));
    expect(await asUser(user, () => listImageRequests(id))).toEqual([expect.objectContaining({ requestId: pending.requestId, status: "pending" })]);
    await eventually(async () => held.requests.length === 1);
    held.release();
    await workflowsSettled();
    const [ready] = await asUser(user, () => listImageRequests(id));
    expect(ready).toMatchObject({ requestId: pending.requestId, status: "ready", url: expect.stringContaining(`${block.blockId}-gen-`) });
    expect((await getRenderBlocks(id)).find((b) => b.blockId === block.blockId)!.imageUrl).toEqual([...block.imageUrl!, ready.url]);
    expect(await balanceOf(user.userId)).toBe(balance - 10);
  });

  it("charges a double click once: the same key, sent twice at once, answers one frame", async () => {
    // Through the API, as the browser sends it (the frame is drawn by the product's own process).
    const { user, id, block, balance } = await renderAtReview();
    const body = JSON.stringify({ renderJobId: id, blockId: block.blockId, imagePrompt: "A car park at night", idempotencyKey: "car-park-at-night-1" });
    const post = () => user.call("/api/renders/blocks/image", { method: "POST", headers: { "content-type": "application/json" }, body });
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [first, second] = await Promise.all(answers.map((a) => a.json()));
    expect(second.requestId).toBe(first.requestId);
    expect(await balanceOf(user.userId)).toBe(balance - 10);
    await eventually(async () => (await asUser(user, () => listImageRequests(id)))[0]?.status === "ready");
    expect(await asUser(user, () => listImageRequests(id))).toHaveLength(1);
    expect((await getRenderBlocks(id)).find((b) => b.blockId === block.blockId)!.imageUrl).toHaveLength(block.imageUrl!.length + 1);
    // A new intent (a new key) is a new frame and a new charge.
    await asUser(user, () => generateImageOnDemand({ renderJobId: id, blockId: block.blockId, imagePrompt: "A car park at dawn", idempotencyKey: "car-park-at-dawn-2" }));
    expect(await balanceOf(user.userId)).toBe(balance - 20);
  });

  it("refunds a frame whose drawing fails and says so on the frame", async () => {
    const { user, id, block, balance } = await renderAtReview();
    setProviders({ image: { generate: async () => Promise.reject(new Error("the drawing broke (injected)")) } });
    const pending = await asUser(user, () => generateImageOnDemand({ renderJobId: id, blockId: block.blockId, imagePrompt: "A broken frame" }));
    expect(pending.status).toBe("pending");
    await workflowsSettled();
    const [failed] = await asUser(user, () => listImageRequests(id));
    expect(failed).toMatchObject({ status: "failed", message: "The image could not be generated. Your points have been refunded." });
    expect(failed.url).toBeUndefined();
    expect(await balanceOf(user.userId)).toBe(balance);
    expect((await getRenderBlocks(id)).find((b) => b.blockId === block.blockId)!.imageUrl).toEqual(block.imageUrl);
  });

  it("answers another user's render 404 and lists nothing of it", async () => {
    const { id } = await renderAtReview();
    const stranger = await createTestUser({ points: 1000 });
    await expect(asUser(stranger, () => listImageRequests(id))).rejects.toMatchObject({ status: 404 });
    expect((await stranger.call(`/api/renders/${id}/image-requests`)).status).toBe(404);
  });
});
