/**
 * Writes a full disk refuses (issue 21, docs/decisions.md#writes-a-full-disk-refuses): DynamoDB Local keeps
 * its data on a 3 MB tmpfs, which is then filled. An on-demand image's charge taken before is due for the
 * sweeper's refund; the refund the full disk refuses leaves the charge's deadline (the outbox) and the
 * balance as they were, and the next sweep once space is back refunds it, once. A new charge refused by the
 * full disk takes nothing and leaves no pending frame. Mounting needs root (the CI runs the tests as root).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTable } from "./bootstrap";
import { assertWritable, StartupError } from "./instance";
import { freePort } from "./ports";
import { type StandIn, startDynamo } from "./stand-ins";

const asRoot = process.getuid?.() === 0;
const scratch = mkdtempSync(join(tmpdir(), "storyboard-full-disk-"));
const disk = join(scratch, "disk");
const canMount =
  asRoot && (mkdirSync(disk), spawnSync("mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", disk], { stdio: "ignore" }).status === 0);
let dynamo: StandIn | undefined;

/** Writes zeros into `file` until the disk refuses; answers the bytes written. */
function fill(file: string): number {
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
  // A last few bytes may still fit where 64 KiB did not.
  const tail = openSync(file, "a");
  try {
    for (;;) written += writeSync(tail, Buffer.alloc(512));
  } catch {
    // ENOSPC: full to the last block.
  } finally {
    closeSync(tail);
  }
  return written;
}

beforeAll(async () => {
  if (!canMount) return;
  const port = await freePort();
  dynamo = await startDynamo(port, join(disk, "dynamo"));
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.url,
    TABLE_NAME: "storyboard-full-disk",
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    LOG_LEVEL: "SILENT",
  });
  await ensureTable(dynamo.url, "storyboard-full-disk");
}, 60_000);

afterAll(async () => {
  await dynamo?.stop();
  if (canMount) spawnSync("umount", ["-l", disk]);
  rmSync(scratch, { recursive: true, force: true });
});

describe("writes a full disk refuses", () => {
  it.skipIf(!canMount)(
    "a refund the full disk refuses stays due and is made once when space returns; a refused charge takes nothing",
    async () => {
      // Core reads the environment when first imported: only now, pointed at this DynamoDB Local.
      const { db } = await import("@storyboard/core/dynamo/service");
      const { chargeImage } = await import("@storyboard/core/render/image-charge");
      const { sweepStuckWork } = await import("@storyboard/core/jobs/stuck-work");
      const { isStorageFailure } = await import("@storyboard/core/dynamo/errors");
      const { errorResult, STORAGE_REFUSED_MESSAGE } = await import("@storyboard/functions/shared/handler");
      const userId = randomUUID();
      await db.entities.user
        .create({
          userId,
          username: `u${userId.slice(0, 8)}`,
          email: `${userId}@example.com`,
          referralCode: userId.slice(0, 10),
          unsubscribeToken: `${userId}.t`,
          points: 100,
        })
        .go();
      const renderJobId = randomUUID();
      const charge = (key: string) => chargeImage({ userId, renderJobId, blockId: "b0001", prompt: "a lamp", idempotencyKey: key });
      const state = async () => {
        const { data: user } = await db.entities.user.get({ userId }).go({ consistent: true });
        const { data: ledger } = await db.entities.pointsLedger.query.byUser({ userId }).go({ pages: "all" });
        const { data: deadlines } = await db.entities.deadline.query.byDue({ kind: "image" }).go({ pages: "all" });
        const { data: requests } = await db.entities.imageRequest.query.byRender({ renderJobId }).go({ pages: "all" });
        return {
          points: user!.points,
          ledger: ledger.map((l) => l.delta).sort(),
          deadlines: deadlines.length,
          requests: requests.map((r) => r.status),
        };
      };

      await charge("first");
      expect(await state()).toEqual({ points: 90, ledger: [-10], deadlines: 1, requests: ["pending"] });

      const filler = join(disk, "filler");
      const dataDir = join(disk, "data");
      mkdirSync(dataDir);
      expect(fill(filler)).toBeGreaterThan(0);
      expect(execFileSync("df", ["--output=avail", "-B1", disk], { encoding: "utf8" }).trim().split("\n")[1].trim()).toBe("0");
      // npm start on a full data folder stops at once with one line (start.ts prints it and exits 1).
      expect(() => assertWritable(dataDir)).toThrow(new StartupError(`The disk that holds ${dataDir} is full (ENOSPC). Free some space and start again.`));
      // The sweep finds the charge due (as after a restart) and cannot write its refund.
      await expect(sweepStuckWork(Date.now(), { afterRestart: true })).rejects.toThrow();
      // The sweep settles nothing and fails the same way until the disk has room: the deadline (the outbox) stays.
      await expect(sweepStuckWork(Date.now(), { afterRestart: true })).rejects.toSatisfy(isStorageFailure);
      // A new charge while the disk is full is refused whole (no points taken, no pending frame), and the API says so.
      const refused = await charge("second").then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isStorageFailure(refused)).toBe(true);
      const answer = errorResult(refused, "req-1");
      expect(answer.statusCode).toBe(503);
      expect(JSON.parse(answer.body as string)).toMatchObject({
        code: "storage_unavailable",
        message: `${STORAGE_REFUSED_MESSAGE} Reference: req-1`,
      });
      expect(await state()).toEqual({ points: 90, ledger: [-10], deadlines: 1, requests: ["pending"] });

      rmSync(filler);
      expect(await sweepStuckWork(Date.now(), { afterRestart: true })).toMatchObject({ refundedImages: 1 });
      expect(await sweepStuckWork(Date.now(), { afterRestart: true })).toMatchObject({ refundedImages: 0 });
      const after = await state();
      expect(after).toEqual({ points: 100, ledger: [-10, 10].sort(), deadlines: 0, requests: ["failed"] });
    },
    60_000,
  );
});
