/**
 * Points are never lost and renders never stuck (issue 11): double submits,
 * killed executions, the stuck-work sweeper, late failures, re-render starts,
 * on-demand image charges and description saves.
 */
import { randomUUID } from "node:crypto";
import { withActor } from "@storyboard/core/actor";
import { db } from "@storyboard/core/dynamo/service";
import { sweepStuckWork } from "@storyboard/core/jobs/stuck-work";
import { debitPoints } from "@storyboard/core/points/points";
import { OfflineTextProvider } from "@storyboard/core/provider/offline/text";
import { setProviders } from "@storyboard/core/provider/registry";
import { createRender } from "@storyboard/core/render/create";
import { writeImagePrompts } from "@storyboard/core/render/describe";
import { markRenderFailed } from "@storyboard/core/render/failure";
import { chargeImage, settleImageCharge } from "@storyboard/core/render/image-charge";
import { getRenderBlocks } from "@storyboard/core/render/jobs";
import { setPhaseStarter } from "@storyboard/core/render/phases";
import { MAX_RESUMES } from "@storyboard/core/render/resume";
import { reRender } from "@storyboard/core/render/review";
import type { RenderStatus } from "@storyboard/core/render/status";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "./test/fixtures";
import { abortLocalExecution, useLocalWorkflows, workflowsSettled } from "./workflows";

const json = { "content-type": "application/json" };
const jobOf = async (id: string) => (await db.entities.renderJob.get({ renderJobId: id }).go()).data!;
const balanceOf = async (userId: string) => (await db.entities.user.get({ userId }).go()).data!.points;
const ledgerOf = async (userId: string) => (await db.entities.pointsLedger.query.byUser({ userId }).go({ pages: "all" })).data;
const ledgerSum = async (userId: string) => (await ledgerOf(userId)).reduce((sum, e) => sum + e.delta, 0);
const asUser = <T>(user: TestUser, run: () => Promise<T>) =>
  withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, run);
const past = () => new Date(Date.now() - 60_000).toISOString();

async function readyScreenplay(user: TestUser) {
  const { id } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready");
  return id as string;
}

/** A render job straight in the table, charged from the user's balance like a real one. */
async function chargedJob(user: TestUser, status: RenderStatus, extra: Record<string, unknown> = {}) {
  const renderJobId = randomUUID();
  await debitPoints({ userId: user.userId, amount: 100, reason: "render", referenceId: renderJobId });
  await db.entities.renderJob
    .create({
      renderJobId,
      userId: user.userId,
      screenplayId: randomUUID(),
      title: "Settlement test",
      style: "noir",
      status,
      pointsCharged: 100,
      ...extra,
    })
    .go();
  return renderJobId;
}

beforeAll(() => useLocalWorkflows({ retryIntervalSeconds: 0 }));
afterEach(() => {
  setProviders({});
  useLocalWorkflows({ retryIntervalSeconds: 0 });
});

describe("render settlement", () => {
  it("a double-submitted render creates one job and charges once", async () => {
    const user = await createTestUser({ points: 1000 });
    const screenplayId = await readyScreenplay(user);
    const body = JSON.stringify({ screenplayId, title: "Twice", style: "documentary", idempotencyKey: randomUUID() });
    const answers = await Promise.all([1, 2, 3].map(() => user.call("/api/renders", { method: "POST", headers: json, body })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).id)));
    expect(ids.size).toBe(1);
    const { data: jobs } = await db.entities.renderJob.query.byScreenplay({ screenplayId }).go();
    expect(jobs).toHaveLength(1);
    expect((await ledgerOf(user.userId)).filter((e) => e.reason === "render")).toHaveLength(1);
    const badKey = await user.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ screenplayId, title: "x", style: "documentary", idempotencyKey: "no" }),
    });
    expect(badKey.status).toBe(400);
  });

  it("a killed (aborted) execution fails the render and refunds it exactly once", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const text = new OfflineTextProvider();
    setProviders({
      text: Object.assign(Object.create(text), {
        describeCharacter: async (...args: Parameters<typeof text.describeCharacter>) => (await held, text.describeCharacter(...args)),
      }),
    });
    const user = await createTestUser({ points: 1000 });
    const screenplayId = await readyScreenplay(user);
    const { id } = await asUser(user, () => createRender({ screenplayId, title: "Killed", style: "documentary" }));
    await eventually(async () => abortLocalExecution(id));
    release();
    await workflowsSettled();
    const job = await jobOf(id);
    expect(job.status).toBe("failed");
    expect(job.refunded).toBe(true);
    expect(await balanceOf(user.userId)).toBe(1000);
    expect((await ledgerOf(user.userId)).filter((e) => e.referenceId === id && e.reason === "refund")).toHaveLength(1);
  });

  it("the sweeper fails and refunds a render stuck past its deadline that cannot resume, and leaves complete and waiting renders alone", async () => {
    const user = await createTestUser({ points: 1000 });
    const stuck = await chargedJob(user, "generating_assets", { resumeCount: MAX_RESUMES });
    const complete = await chargedJob(user, "complete");
    const waiting = await chargedJob(user, "descriptions_ready");
    for (const id of [stuck, complete, waiting])
      await db.entities.deadline.put({ kind: "render", id, dueAt: past(), phase: "generate" }).go();
    await sweepStuckWork();
    expect((await jobOf(stuck)).status).toBe("failed");
    expect((await jobOf(stuck)).refunded).toBe(true);
    expect((await jobOf(complete)).status).toBe("complete");
    expect((await jobOf(waiting)).status).toBe("descriptions_ready");
    expect(await balanceOf(user.userId)).toBe(1000 - 200);
    expect(await ledgerSum(user.userId)).toBe(-200);
    for (const id of [stuck, complete, waiting]) expect((await db.entities.deadline.get({ kind: "render", id }).go()).data).toBeNull();
    await sweepStuckWork(); // nothing left to do: no second refund
    expect(await balanceOf(user.userId)).toBe(800);
  });

  it("marking a render failed never touches a complete render", async () => {
    const user = await createTestUser({ points: 1000 });
    const id = await chargedJob(user, "complete", { outputFilePath: "renders/x/video.mp4" });
    await markRenderFailed(id, { source: "test", message: "late failure" });
    const job = await jobOf(id);
    expect(job.status).toBe("complete");
    expect(job.refunded).toBe(false);
    expect(await balanceOf(user.userId)).toBe(900);
  });

  it("a re-render that cannot start is refunded and keeps the previous video", async () => {
    const user = await createTestUser({ points: 1000 });
    const id = await chargedJob(user, "complete", { outputFilePath: "renders/x/video.mp4", screenplaySnapshot: { pageCount: 1 } });
    setPhaseStarter({ start: async () => Promise.reject(new Error("StartExecution refused (injected)")) });
    await expect(asUser(user, () => reRender(id))).rejects.toMatchObject({
      status: 500,
      message: "The re-render could not start. Your points have been refunded.",
    });
    const job = await jobOf(id);
    expect(job.status).toBe("complete");
    expect(job.outputFilePath).toBe("renders/x/video.mp4");
    expect(await balanceOf(user.userId)).toBe(900);
    expect(await ledgerSum(user.userId)).toBe(-100);
  });

  it("an on-demand image is charged once per key and refunded by the sweeper when its work died", async () => {
    const user = await createTestUser({ points: 1000 });
    const renderJobId = await chargedJob(user, "assets_ready");
    const charge = { userId: user.userId, renderJobId, blockId: "b1", prompt: "A lamp", idempotencyKey: randomUUID() };
    const { chargeId, repeated } = await chargeImage(charge);
    expect(repeated).toBe(false);
    // The same key again answers the same frame and charges nothing.
    expect(await chargeImage(charge)).toEqual({ chargeId, repeated: true });
    expect(await balanceOf(user.userId)).toBe(890);
    // The work "dies": nothing settles the charge until its deadline passes.
    await db.entities.deadline.patch({ kind: "image", id: chargeId }).set({ dueAt: past() }).go();
    await sweepStuckWork();
    expect(await balanceOf(user.userId)).toBe(900);
    const { data: frame } = await db.entities.imageRequest.get({ renderJobId, requestId: chargeId }).go();
    expect(frame).toMatchObject({ status: "failed", message: "The image could not be generated. Your points have been refunded." });
    // The work comes back late: it cannot keep the image it was refunded for, nor refund twice.
    expect(await settleImageCharge(chargeId, { keep: "renders/x/late.jpg" })).toBe(false);
    expect(await settleImageCharge(chargeId, { refund: "failed", message: "late" })).toBe(false);
    expect(await balanceOf(user.userId)).toBe(900);
  });

  it("saving descriptions writes only the prompts, and not once the render has moved on", async () => {
    const user = await createTestUser({ points: 1000 });
    const renderJobId = await chargedJob(user, "descriptions_ready");
    await db.entities.renderBlock
      .put({ renderJobId, blockId: "b1", position: 0, type: "action", text: "A door opens.", imagePrompt: "old" })
      .go();
    const stale = await getRenderBlocks(renderJobId);
    // Generation writes the block's image meanwhile.
    await db.entities.renderBlock
      .patch({ renderJobId, blockId: "b1" })
      .set({ imageUrl: ["renders/x/b1.jpg"] })
      .go();
    await writeImagePrompts(renderJobId, "descriptions_ready", stale, "noir", {}, {});
    let block = (await getRenderBlocks(renderJobId))[0];
    expect(block.imageUrl).toEqual(["renders/x/b1.jpg"]);
    expect(block.imagePrompt).not.toBe("old");
    await db.entities.renderJob.patch({ renderJobId }).set({ status: "generating_assets" }).go();
    await db.entities.renderBlock.patch({ renderJobId, blockId: "b1" }).set({ imagePrompt: "kept" }).go();
    await expect(writeImagePrompts(renderJobId, "descriptions_ready", stale, "noir", {}, {})).rejects.toMatchObject({ status: 409 });
    block = (await getRenderBlocks(renderJobId))[0];
    expect(block.imagePrompt).toBe("kept");
    expect(block.imageUrl).toEqual(["renders/x/b1.jpg"]);
  });
});
