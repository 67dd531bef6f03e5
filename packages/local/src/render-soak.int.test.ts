/**
 * Fault-injection soak of the render pipeline (issue 11), on the local runner
 * in this process, loopback only, bounded in count and time: renders whose
 * provider calls fail and hang past their task's time limit, whose executions
 * are killed at random and whose phase starts are sometimes lost. At the end
 * every render is complete, or failed and refunded exactly once, and every
 * user's ledger accounts for their balance.
 */
import { withActor } from "@storyboard/core/actor";
import { db } from "@storyboard/core/dynamo/service";
import { sweepStuckWork } from "@storyboard/core/jobs/stuck-work";
import { OfflineImageProvider } from "@storyboard/core/provider/offline/image";
import { OfflineSpeechProvider } from "@storyboard/core/provider/offline/speech";
import { setProviders } from "@storyboard/core/provider/registry";
import type { ImageProvider, SpeechProvider } from "@storyboard/core/provider/types";
import { createRender } from "@storyboard/core/render/create";
import { isPipelineActive } from "@storyboard/core/render/deadlines";
import { setPhaseStarter } from "@storyboard/core/render/phases";
import { coin, flaky } from "./test/faults";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "./test/fixtures";
import { abortLocalExecution, localPhaseStarter, useLocalWorkflows, workflowsSettled } from "./workflows";

const USERS = 3;
const RENDERS_PER_USER = 3;
const STARTING_POINTS = 10_000;
/** The whole soak must settle within this, or the test fails (it never hangs the suite). */
const SETTLE_WITHIN_MS = 300_000;

/** Seeded, so a run is reproducible as far as the timing of two shared cores allows. */
const killDice = coin(20261124);

async function readyScreenplay(user: TestUser) {
  const { id } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready", 60_000);
  return id as string;
}

const jobOf = async (id: string) => (await db.entities.renderJob.get({ renderJobId: id }).go()).data!;
const ledgerOf = async (userId: string) => (await db.entities.pointsLedger.query.byUser({ userId }).go({ pages: "all" })).data;
const balanceOf = async (userId: string) => (await db.entities.user.get({ userId }).go()).data!.points;

afterAll(() => {
  setProviders({});
  useLocalWorkflows({ retryIntervalSeconds: 0 });
});

describe("render pipeline soak", () => {
  it(
    "under failing, hanging and killed tasks and lost starts, every render ends complete or failed and refunded once, and ledgers add up",
    async () => {
      setProviders({
        image: flaky<ImageProvider>(new OfflineImageProvider(), "generate", 0.12, 7, { rate: 0.003, ms: 60_000 }),
        speech: flaky<SpeechProvider>(new OfflineSpeechProvider(), "synthesize", 0.12, 11, { rate: 0.003, ms: 60_000 }),
      });
      const runner = localPhaseStarter({ retryIntervalSeconds: 0, taskTimeoutSeconds: { GenerateBlock: 45 } });
      let starts = 0;
      let lostStarts = 0;
      setPhaseStarter({
        // A process killed between the status move and StartExecution: every ninth start never happens.
        start: async (phase, input) => {
          if (++starts % 9 === 4) return void lostStarts++;
          return runner.start(phase, input);
        },
      });

      const users = await Promise.all(Array.from({ length: USERS }, () => createTestUser({ points: STARTING_POINTS })));
      const screenplays = await Promise.all(users.map(readyScreenplay));
      const renders: { id: string; user: TestUser }[] = [];
      await Promise.all(
        users.map(async (user, u) => {
          for (let r = 0; r < RENDERS_PER_USER; r++) {
            const { id } = await withActor({ type: "user", userId: user.userId, roles: [], sessionId: "soak" }, () =>
              createRender({
                screenplayId: screenplays[u],
                title: `Soak ${u}.${r}`,
                style: "documentary",
                previewDescriptionsBeforeFirstImages: false,
                previewImagesBeforeFirstRender: false,
              }),
            ).catch((error: Error) => ({ id: `not-started:${error.message}` }));
            renders.push({ id, user });
          }
        }),
      );
      expect(lostStarts).toBeGreaterThan(0);
      expect(renders.filter((r) => r.id.startsWith("not-started")).map((r) => r.id)).toEqual([]);

      // Kill live executions at random while the renders run.
      let kills = 0;
      const killer = setInterval(() => {
        const victim = renders[Math.floor(killDice() * renders.length)];
        if (killDice() < 0.15 && abortLocalExecution(victim.id)) kills++;
      }, 2_000);
      const started = Date.now();
      try {
        await Promise.race([
          workflowsSettled(),
          new Promise((_, reject) => setTimeout(() => reject(new Error("The soak did not settle in time")), SETTLE_WITHIN_MS)),
        ]);
      } finally {
        clearInterval(killer);
      }
      const settledMs = Date.now() - started;

      // Renders whose start was lost are still active: their deadlines come due and the sweeper settles them,
      // by resuming them (whose start may be lost again) or refunding them: a few rounds, each waiting for its work.
      for (let round = 0; round < 4; round++) {
        const active: string[] = [];
        for (const { id } of renders) if (isPipelineActive((await jobOf(id)).status)) active.push(id);
        if (!active.length) break;
        for (const id of active)
          await db.entities.deadline
            .patch({ kind: "render", id })
            .set({ dueAt: new Date(Date.now() - 1000).toISOString() })
            .go();
        await sweepStuckWork();
        await workflowsSettled();
      }
      // Tasks of killed executions may still be finishing; none of them may change the outcome.
      await new Promise((resolve) => setTimeout(resolve, 16_000));

      const outcomes: Record<string, number> = {};
      for (const { id, user } of renders) {
        const job = await jobOf(id);
        outcomes[job.status] = (outcomes[job.status] ?? 0) + 1;
        const refunds = (await ledgerOf(user.userId)).filter((e) => e.reason === "refund" && e.referenceId === id);
        expect(["complete", "failed"], `render ${id} ended ${job.status}`).toContain(job.status);
        if (job.status === "failed" && process.env.SOAK_DEBUG) {
          const { data: logs } = await db.entities.errorLog.query.byRender({ renderJobId: id }).go();
          console.info(
            id,
            logs.map((l) => `${l.source}: ${l.errorMessage.slice(0, 300)}`),
          );
        }
        if (job.status === "failed") {
          expect(job.refunded, `failed render ${id} refunded`).toBe(true);
          expect(refunds, `refunds of failed render ${id}`).toHaveLength(1);
          expect(refunds[0].delta).toBe(job.pointsCharged);
        } else {
          expect(job.refunded, `complete render ${id} not refunded`).toBe(false);
          expect(job.outputFilePath).toBeTruthy();
          expect(refunds).toHaveLength(0);
        }
      }
      for (const user of users) {
        const ledger = await ledgerOf(user.userId);
        expect(STARTING_POINTS + ledger.reduce((sum, e) => sum + e.delta, 0), `ledger of ${user.userId}`).toBe(
          await balanceOf(user.userId),
        );
      }
      console.info(
        `Soak: ${renders.length} renders, ${JSON.stringify(outcomes)}, ${kills} executions killed, ${lostStarts} starts lost, settled in ${Math.round(settledMs / 1000)} s`,
      );
    },
    SETTLE_WITHIN_MS + 120_000,
  );
});
