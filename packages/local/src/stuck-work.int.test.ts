/**
 * Resume first, refund second (issue 21): the sweeper resumes a render whose
 * phase stopped showing progress from what is already made, fails and refunds
 * one that cannot resume, and settles a screenplay whose parse was cut off.
 * Deadlines are moved into the past by hand, so the sweeps touch only this file's work.
 */
import { randomUUID } from "node:crypto";
import { withActor } from "@storyboard/core/actor";
import { setClock } from "@storyboard/core/clock";
import { putObject } from "@storyboard/core/blob/s3";
import { screenplayKeys } from "@storyboard/core/blob/keys";
import { config } from "@storyboard/core/config";
import { db } from "@storyboard/core/dynamo/service";
import { sweepStuckWork } from "@storyboard/core/jobs/stuck-work";
import { debitPoints } from "@storyboard/core/points/points";
import { createRender } from "@storyboard/core/render/create";
import { renderHeartbeat, setRenderDeadline } from "@storyboard/core/render/deadlines";
import { refundedReason } from "@storyboard/core/render/failure";
import { generateBlockAsset } from "@storyboard/core/render/generate";
import { getRenderBlocks } from "@storyboard/core/render/jobs";
import { type PhaseStarter, setPhaseStarter } from "@storyboard/core/render/phases";
import { MAX_RESUMES } from "@storyboard/core/render/resume";
import type { Phase } from "@storyboard/core/render/workflow";
import { nightShift } from "@storyboard/core/screenplay/fixtures/short";
import { PARSE_CUT_OFF_REASON, storedSize } from "@storyboard/core/screenplay/parse-deadline";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "./test/fixtures";
import { localPhaseStarter, useLocalWorkflows, workflowsSettled } from "./workflows";

const jobOf = async (id: string) => (await db.entities.renderJob.get({ renderJobId: id }).go()).data!;
const balanceOf = async (userId: string) => (await db.entities.user.get({ userId }).go()).data!.points;
const ledgerOf = async (userId: string) => (await db.entities.pointsLedger.query.byUser({ userId }).go({ pages: "all" })).data;
const asUser = <T>(user: TestUser, run: () => Promise<T>) => withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, run);
const past = () => new Date(Date.now() - 60_000).toISOString();
const overdue = (kind: "render" | "parse", id: string) => db.entities.deadline.patch({ kind, id }).set({ dueAt: past() }).go();

async function readyScreenplay(user: TestUser) {
  const { id } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready");
  return id as string;
}

/** The local runner, except that the first start of `phase` is lost, as a crash just after the status moved would lose it. */
function losingFirstStart(phase: Phase): PhaseStarter & { lost: () => boolean } {
  const local = localPhaseStarter({ retryIntervalSeconds: 0 });
  let lost = false;
  return {
    lost: () => lost,
    async start(p, input) {
      if (p === phase && !lost) {
        lost = true;
        return;
      }
      await local.start(p, input);
    },
  };
}

beforeAll(() => useLocalWorkflows({ retryIntervalSeconds: 0 }));
afterEach(() => useLocalWorkflows({ retryIntervalSeconds: 0 }));

describe("stuck renders: resume first, refund second", () => {
  it("a render cut off while generating resumes from the assets already made and completes, charged once", async () => {
    const user = await createTestUser({ points: 5000 });
    const screenplayId = await readyScreenplay(user);
    const starter = losingFirstStart("generate");
    setPhaseStarter(starter);
    const { id } = await asUser(user, () =>
      createRender({ screenplayId, title: "Cut off", style: "documentary", previewDescriptionsBeforeFirstImages: false, previewImagesBeforeFirstRender: false }),
    );
    await eventually(async () => starter.lost());
    await workflowsSettled();
    expect((await jobOf(id)).status).toBe("generating_assets");
    // What was made before the crash: one block's image, which the resumed phase must keep, not redo.
    const first = (await getRenderBlocks(id)).find((b) => b.type === "action")!;
    const beforeAsset = Date.now();
    const made = await generateBlockAsset({ renderJobId: id, blockId: first.blockId, kind: "image" });
    // The asset made is a heartbeat: the deadline is now the generate limit (10 minutes) from then.
    const heartbeat = (await db.entities.deadline.get({ kind: "render", id }).go()).data!;
    expect(Date.parse(heartbeat.dueAt)).toBeGreaterThanOrEqual(beforeAsset + 10 * 60_000);
    const balanceAfterCharge = await balanceOf(user.userId);

    await overdue("render", id);
    const swept = await sweepStuckWork();
    expect(swept.resumedRenders).toBeGreaterThanOrEqual(1);
    await eventually(async () => ["complete", "failed"].includes((await jobOf(id)).status), 60_000);
    await workflowsSettled();
    const job = await jobOf(id);
    expect(job.status).toBe("complete");
    expect(job.resumeCount).toBe(1);
    expect(job.refunded).toBe(false);
    expect((await getRenderBlocks(id)).find((b) => b.blockId === first.blockId)!.imageUrl).toEqual([(made as { url: string }).url]);
    expect(await balanceOf(user.userId)).toBe(balanceAfterCharge);
    expect((await ledgerOf(user.userId)).filter((e) => e.referenceId === id).map((e) => e.reason)).toEqual(["render"]);
  }, 90_000);

  it("a render that cannot resume any more is failed and refunded once, and the page says how many points came back", async () => {
    const user = await createTestUser({ points: 1000 });
    const renderJobId = randomUUID();
    await debitPoints({ userId: user.userId, amount: 500, reason: "render", referenceId: renderJobId });
    await db.entities.renderJob
      .create({ renderJobId, userId: user.userId, screenplayId: randomUUID(), title: "Dies each time", style: "noir", status: "compiling", pointsCharged: 500, resumeCount: MAX_RESUMES })
      .go();
    await db.entities.deadline.put({ kind: "render", id: renderJobId, dueAt: past(), phase: "compile" }).go();
    await sweepStuckWork();
    await sweepStuckWork();
    const job = await jobOf(renderJobId);
    expect(job.status).toBe("failed");
    expect(job.failureReason).toBe(refundedReason(500));
    expect(job.failureReason).toBe("This render failed; 500 points were refunded.");
    expect(await balanceOf(user.userId)).toBe(1000);
    expect((await ledgerOf(user.userId)).filter((e) => e.reason === "refund")).toHaveLength(1);
  });

  it("a render whose phase cannot start again is failed and refunded", async () => {
    const user = await createTestUser({ points: 1000 });
    const renderJobId = randomUUID();
    await debitPoints({ userId: user.userId, amount: 100, reason: "render", referenceId: renderJobId });
    await db.entities.renderJob
      .create({ renderJobId, userId: user.userId, screenplayId: randomUUID(), title: "No start", style: "noir", status: "generating_assets", pointsCharged: 100 })
      .go();
    await db.entities.deadline.put({ kind: "render", id: renderJobId, dueAt: past(), phase: "generate" }).go();
    setPhaseStarter({ start: async () => Promise.reject(new Error("StartExecution refused (injected)")) });
    await sweepStuckWork();
    expect((await jobOf(renderJobId)).status).toBe("failed");
    expect(await balanceOf(user.userId)).toBe(1000);
  });
});

describe("deadlines follow progress (the sweeper on AWS timing)", () => {
  const MINUTE = 60_000;
  const made: string[] = [];
  // These renders have no screenplay: no later sweep (of this file or the next) may try to run them.
  afterEach(async () => {
    for (const id of made.splice(0)) await db.entities.deadline.delete({ kind: "render", id }).go();
  });
  /** A render in `status` whose phase started `startedAgo` ms ago and last made something `lastProgressAgo` ms ago. */
  async function renderWithProgress(status: "generating_assets" | "compiling", startedAgo: number, lastProgressAgo: number) {
    const user = await createTestUser({ points: 1000 });
    const renderJobId = randomUUID();
    made.push(renderJobId);
    await db.entities.renderJob
      .create({ renderJobId, userId: user.userId, screenplayId: randomUUID(), title: "Timing", style: "noir", status, pointsCharged: 100 })
      .go();
    const phase = status === "compiling" ? "compile" : "generate";
    const at = Date.now();
    try {
      setClock(() => at - startedAgo);
      await setRenderDeadline(renderJobId, phase);
      setClock(() => at - lastProgressAgo);
      await renderHeartbeat(renderJobId, phase);
    } finally {
      setClock(undefined);
    }
    return renderJobId;
  }
  const deadlineOf = async (id: string) => (await db.entities.deadline.get({ kind: "render", id }).go()).data;

  it("a heartbeat moves the deadline on by the phase's limit: 10 minutes for generate, 20 for compile", async () => {
    const generating = await renderWithProgress("generating_assets", 30 * MINUTE, 0);
    const compiling = await renderWithProgress("compiling", 30 * MINUTE, 0);
    const dueIn = async (id: string) => Date.parse((await deadlineOf(id))!.dueAt) - Date.now();
    expect(await dueIn(generating)).toBeGreaterThan(9 * MINUTE);
    expect(await dueIn(generating)).toBeLessThanOrEqual(10 * MINUTE);
    expect(await dueIn(compiling)).toBeGreaterThan(19 * MINUTE);
    expect(await dueIn(compiling)).toBeLessThanOrEqual(20 * MINUTE);
  });

  it("a render still making progress is left alone; one past its phase's limit without progress is resumed", async () => {
    const starts: Array<{ phase: Phase; renderJobId: string }> = [];
    setPhaseStarter({ start: async (phase, input) => void starts.push({ phase, renderJobId: input.renderJobId }) });
    // Started long ago, each past its phase's limit from the start, but an asset or segment was made since.
    const generatingRecently = await renderWithProgress("generating_assets", 25 * MINUTE, 9 * MINUTE);
    const compilingRecently = await renderWithProgress("compiling", 25 * MINUTE, 19 * MINUTE);
    // Nothing made for longer than the limit.
    const generatingStalled = await renderWithProgress("generating_assets", 25 * MINUTE, 10 * MINUTE + 5_000);
    const compilingStalled = await renderWithProgress("compiling", 25 * MINUTE, 20 * MINUTE + 5_000);

    await sweepStuckWork();

    for (const id of [generatingRecently, compilingRecently]) {
      expect((await jobOf(id)).resumeCount).toBeUndefined();
      expect(await deadlineOf(id)).not.toBeNull();
    }
    expect((await jobOf(generatingStalled)).resumeCount).toBe(1);
    expect((await jobOf(compilingStalled)).resumeCount).toBe(1);
    const mine = new Set<string>([generatingRecently, compilingRecently, generatingStalled, compilingStalled]);
    expect(starts.filter((s) => mine.has(s.renderJobId))).toEqual(
      expect.arrayContaining([
        { phase: "generate", renderJobId: generatingStalled },
        { phase: "compile", renderJobId: compilingStalled },
      ]),
    );
    expect(starts.filter((s) => mine.has(s.renderJobId))).toHaveLength(2);
  });
});

describe("stuck parses (all-or-nothing uploads)", () => {
  /** A screenplay whose parse died after it set `parsing` (a killed worker): its file stored, its record and deadline written by hand. */
  async function cutOffParse(user: TestUser, attempts: number, bytes = nightShift("fountain").bytes) {
    const screenplayId = randomUUID();
    const filePath = screenplayKeys.original(user.userId, screenplayId, ".fountain");
    // The file first: its bucket event finds no record yet and is ignored, as the parse that "died" would have left it.
    await putObject(config.uploadsBucket, filePath, bytes, "text/plain");
    // The event reaches the product asynchronously (as S3's does); the test cannot await it from its worker, so it
    // gives it time to be handled and ignored before the record that a late event would parse exists.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await db.entities.screenplay
      .create({ screenplayId, userId: user.userId, title: "Cut off", originalFileName: "night.fountain", filePath, fileSize: nightShift("fountain").bytes.byteLength, status: "parsing" })
      .go();
    await db.entities.deadline.put({ kind: "parse", id: screenplayId, dueAt: past(), detail: { attempts } }).go();
    return screenplayId;
  }
  const screenplayOf = async (id: string) => (await db.entities.screenplay.get({ screenplayId: id }).go()).data;

  it("a parse killed mid-way is parsed again by the sweeper", async () => {
    const user = await createTestUser();
    const id = await cutOffParse(user, 0);
    await sweepStuckWork();
    const screenplay = await screenplayOf(id);
    expect(screenplay?.status).toBe("ready");
    expect(screenplay?.blockCount).toBeGreaterThan(0);
    // The file's own bucket event may arrive late and parse it a second time (harmless): its deadline goes too.
    await eventually(async () => (await db.entities.deadline.get({ kind: "parse", id }).go()).data === null);
  });

  it("a parse cut off again after its second run ends failed, with a message", async () => {
    const user = await createTestUser();
    const id = await cutOffParse(user, 1);
    await sweepStuckWork();
    expect(await screenplayOf(id)).toMatchObject({ status: "failed", failureReason: PARSE_CUT_OFF_REASON });
  });

  it("a truncated original is never read as whole", async () => {
    const user = await createTestUser();
    const whole = nightShift("fountain").bytes;
    const id = await cutOffParse(user, 0, whole.slice(0, Math.floor(whole.byteLength / 2)));
    await sweepStuckWork();
    expect(await screenplayOf(id)).toMatchObject({ status: "failed", failureReason: "The upload of this screenplay was cut off. Please upload it again." });
  });

  it("an upload whose file never arrived is removed, not left processing", async () => {
    const user = await createTestUser();
    const screenplayId = randomUUID();
    await db.entities.screenplay
      .create({ screenplayId, userId: user.userId, title: "Never stored", originalFileName: "x.fdx", filePath: screenplayKeys.original(user.userId, screenplayId, ".fdx"), status: "uploaded" })
      .go();
    await db.entities.deadline.put({ kind: "parse", id: screenplayId, dueAt: past(), detail: { attempts: 0 } }).go();
    await sweepStuckWork();
    expect(await screenplayOf(screenplayId)).toBeNull();
    expect((await user.call(`/api/screenplays/${screenplayId}`)).status).toBe(404);
  });

  /** A record as the upload writes it (hidden, with its deadline) whose file then arrives as `stored`; the deadline already passed. */
  async function uploadDiedAfterRecord(user: TestUser, stored: Uint8Array) {
    const screenplayId = randomUUID();
    const filePath = screenplayKeys.original(user.userId, screenplayId, ".fountain");
    const fileSize = nightShift("fountain").bytes.byteLength;
    await db.entities.screenplay.create({ screenplayId, userId: user.userId, title: "Died", originalFileName: "n.fountain", filePath, fileSize, fileStored: false }).go();
    await db.entities.deadline.put({ kind: "parse", id: screenplayId, dueAt: past(), detail: { attempts: 0 } }).go();
    await putObject(config.uploadsBucket, filePath, stored, "text/plain");
    return { screenplayId, filePath };
  }

  it("an upload cut off mid-file stays hidden, is not failed by its parse, and is removed with its partial file", async () => {
    const user = await createTestUser();
    const whole = nightShift("fountain").bytes;
    const { screenplayId, filePath } = await uploadDiedAfterRecord(user, whole.slice(0, Math.floor(whole.byteLength / 2)));
    // The file's bucket event reaches the parse, which leaves a file not stored whole to the sweeper.
    await eventually(async () => (await screenplayOf(screenplayId))?.status === "parsing");
    expect((await user.call(`/api/screenplays/${screenplayId}`)).status).toBe(404);
    expect(await (await user.call("/api/screenplays")).json()).toEqual([]);
    await sweepStuckWork();
    expect(await screenplayOf(screenplayId)).toBeNull();
    expect(await storedSize(filePath)).toBeUndefined();
  });

  it("an upload that stored its file whole but died before saying so is parsed and shown", async () => {
    const user = await createTestUser();
    const { screenplayId } = await uploadDiedAfterRecord(user, nightShift("fountain").bytes);
    await eventually(async () => (await screenplayOf(screenplayId))?.status === "ready");
    expect((await (await user.call("/api/screenplays")).json()).map((s: { id: string }) => s.id)).toEqual([screenplayId]);
  });

  it("an upload through the API leaves no parse deadline once it is parsed", async () => {
    const user = await createTestUser();
    const id = await readyScreenplay(user);
    await eventually(async () => (await db.entities.deadline.get({ kind: "parse", id }).go()).data === null);
  });
});
