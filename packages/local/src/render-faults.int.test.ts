/**
 * Fault tests of the render pipeline on the local runner, in this test
 * process, with providers that fail on purpose.
 */
import { withActor } from "@storyboard/core/actor";
import { db } from "@storyboard/core/dynamo/service";
import { OfflineImageProvider } from "@storyboard/core/provider/offline/image";
import { OfflineSpeechProvider } from "@storyboard/core/provider/offline/speech";
import { setProviders } from "@storyboard/core/provider/registry";
import type { ImageProvider, SpeechProvider } from "@storyboard/core/provider/types";
import { createRender } from "@storyboard/core/render/create";
import { markRenderFailed } from "@storyboard/core/render/failure";
import { readBatch } from "@storyboard/core/render/batches";
import { generateBlockAsset, generateBlockBatch, planBlocks } from "@storyboard/core/render/generate";
import { flaky } from "./test/faults";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "./test/fixtures";
import { runPhaseLocally, useLocalWorkflows, workflowsSettled } from "./workflows";

async function readyScreenplay(user: TestUser) {
  const { id } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready");
  return id as string;
}

async function startRender(user: TestUser, screenplayId: string, previews = false) {
  return withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, () =>
    createRender({
      screenplayId,
      title: "Fault test",
      style: "documentary",
      previewDescriptionsBeforeFirstImages: previews,
      previewImagesBeforeFirstRender: previews,
    }),
  );
}

const jobOf = async (id: string) => (await db.entities.renderJob.get({ renderJobId: id }).go()).data!;
const ledgerOf = async (userId: string) => (await db.entities.pointsLedger.query.byUser({ userId }).go({ pages: "all" })).data;
const balanceOf = async (userId: string) => (await db.entities.user.get({ userId }).go()).data!.points;
const mediaOf = async (id: string) => (await db.entities.renderMedia.query.byRender({ renderJobId: id }).go({ pages: "all" })).data;

beforeAll(() => useLocalWorkflows({ retryIntervalSeconds: 0 }));
afterEach(() => setProviders({}));

describe("render pipeline faults", () => {
  it("completes when the image and speech providers fail 30 % of their calls", async () => {
    setProviders({
      image: flaky<ImageProvider>(new OfflineImageProvider(), "generate", 0.3, 7),
      speech: flaky<SpeechProvider>(new OfflineSpeechProvider(), "synthesize", 0.3, 11),
    });
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user));
    await workflowsSettled();
    const job = await jobOf(id);
    expect(job.status).toBe("complete");
    expect(job.outputFilePath).toBeTruthy();
  });

  it("fails a render whose speech always fails, logs it, and refunds it exactly once", async () => {
    setProviders({ speech: { synthesize: async () => Promise.reject(new Error("speech service down (injected)")) } });
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user));
    await workflowsSettled();
    const job = await jobOf(id);
    expect(job.status).toBe("failed");
    expect(job.refunded).toBe(true);
    expect(await balanceOf(user.userId)).toBe(1000);

    // A second MarkFailed (a retried task, a duplicate event) must not refund again.
    await markRenderFailed(id, { source: "test", message: "duplicate failure" });
    expect(await balanceOf(user.userId)).toBe(1000);
    const entries = (await ledgerOf(user.userId)).filter((e) => e.referenceId === id);
    expect(entries.map((e) => e.reason).sort()).toEqual(["refund", "render"]);
    const { data: logs } = await db.entities.errorLog.query.byRender({ renderJobId: id }).go();
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(logs[0].errorMessage).toContain("speech service down");
  });

  it("re-runs after a crash without charging twice or duplicating media", async () => {
    const user = await createTestUser({ points: 1000 });
    const screenplayId = await readyScreenplay(user);
    const { id } = await startRender(user, screenplayId, true);
    await eventually(async () => (await jobOf(id)).status === "descriptions_ready");
    await db.entities.renderJob.patch({ renderJobId: id }).set({ status: "generating_assets" }).go();

    // The first run dies half-way through the Map: some assets exist, the execution is lost.
    const { items: batches } = await withActor({ type: "system", reason: "test" }, () => planBlocks(id));
    const owner = await jobOf(id);
    const items = (await Promise.all(batches.map((b) => readBatch(owner, b.batch)))).flat();
    for (const item of items.slice(0, Math.ceil(items.length / 2))) await generateBlockAsset(item);
    await generateBlockAsset(items[0]); // a task retried after it had already succeeded

    // The phase runs again from the start.
    await runPhaseLocally("generate", { renderJobId: id }, { retryIntervalSeconds: 0 });
    const job = await jobOf(id);
    expect(job.status).toBe("assets_ready");
    const media = await mediaOf(id);
    expect(media).toHaveLength(items.length);
    expect(new Set(media.map((m) => `${m.type}:${m.blockId}`)).size).toBe(items.length);
    expect(await (await user.call(`/api/renders/mediaCompletion/${id}`)).json()).toMatchObject({ total: items.length, remaining: 0 });
    const charges = (await ledgerOf(user.userId)).filter((e) => e.referenceId === id);
    expect(charges).toHaveLength(1);
    expect(await balanceOf(user.userId)).toBe(1000 - job.pointsCharged!);
  });

  it("fails a batch only once its other assets have ended, so its retry never makes them a second time", async () => {
    const offline = new OfflineSpeechProvider();
    let inFlight = 0;
    let failing: string | undefined;
    setProviders({
      speech: {
        synthesize: async (request) => {
          failing ??= request.text;
          if (request.text === failing) throw new Error("speech service refused one line (injected)");
          inFlight++;
          try {
            await new Promise((resolve) => setTimeout(resolve, 300));
            return await offline.synthesize(request);
          } finally {
            inFlight--;
          }
        },
      },
    });
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user), true);
    await eventually(async () => (await jobOf(id)).status === "descriptions_ready");
    await db.entities.renderJob.patch({ renderJobId: id }).set({ status: "generating_assets" }).go();
    const { items: batches } = await withActor({ type: "system", reason: "test" }, () => planBlocks(id));
    const owner = await jobOf(id);
    const tasks = await readBatch(owner, batches[0].batch);
    expect(tasks.filter((t) => t.kind === "audio").length).toBeGreaterThan(2);
    await expect(generateBlockBatch(batches[0])).rejects.toThrow("refused one line");
    expect(inFlight).toBe(0);
    const made = (await mediaOf(id)).filter((m) => m.type === "audio");
    expect(made.length).toBe(tasks.filter((t) => t.kind === "audio").length - 1);
  });

  it("lets an admin regenerate the missing audio of a failed render and resume it", async () => {
    setProviders({ speech: { synthesize: async () => Promise.reject(new Error("speech service down (injected)")) } });
    const user = await createTestUser({ points: 1000 });
    const { id } = await startRender(user, await readyScreenplay(user));
    await workflowsSettled();
    expect((await jobOf(id)).status).toBe("failed");
    setProviders({});

    const admin = await createTestUser({ roles: ["admin"] });
    const json = { "content-type": "application/json" };
    const notAdmin = await user.call("/api/admin/retry-failed-audio", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: id }),
    });
    expect(notAdmin.status).toBe(403);
    const blank = await admin.call("/api/admin/retry-failed-audio", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: "  " }),
    });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe("Please enter a render job ID");
    const res = await admin.call("/api/admin/retry-failed-audio", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: id }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("Failed audio retry process initiated");
    // The server's own runner resumes it.
    const done = await eventually(async () => {
      const job = await jobOf(id);
      return job.status === "complete" || job.status === "failed" ? job : null;
    }, 120_000);
    expect(done.status).toBe("complete");
    const again = await admin.call("/api/admin/retry-failed-audio", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: id }),
    });
    expect(again.status).toBe(409);
  });
});
