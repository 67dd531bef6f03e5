import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, eventually, uploadScreenplay } from "./test/fixtures";
import { stopTaskThreads } from "./task-threads";
import { runPhaseLocally } from "./workflows";

afterAll(() => stopTaskThreads());

/** Each thread's nice value and scheduling policy by thread id (Linux keeps both per thread: fields 19 and 41 of its stat). */
const threadScheduling = () =>
  new Map(
    readdirSync("/proc/self/task").map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return [Number(tid), { nice: Number(fields[16]), policy: Number(fields[38]) }] as const;
    }),
  );
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;
const hasChrt = () => spawnSync("chrt", ["--version"]).status === 0;

describe("media tasks in worker threads (docs/decisions.md#scale)", () => {
  it("runs a render's generate phase with GenerateBlock in the thread pool", async () => {
    const user = await createTestUser({ points: 1000 });
    const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
    await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
    const created = await user.call("/api/renders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        screenplayId,
        title: "Threads",
        style: "noir",
        characterVoices: {},
        previewDescriptionsBeforeFirstImages: true,
        previewImagesBeforeFirstRender: true,
      }),
    });
    const { id } = await created.json();
    await eventually(async () => (await (await user.call(`/api/renders/${id}`)).json()).status === "descriptions_ready", 60_000);
    await db.entities.renderJob.patch({ renderJobId: id }).set({ status: "generating_assets" }).go();

    await runPhaseLocally("generate", { renderJobId: id }, { retryIntervalSeconds: 0, threads: true });
    if (process.platform === "linux") {
      // The pool's threads yield the cores to the API's thread, which keeps its own priority.
      const threads = threadScheduling();
      const pool = [...threads.values()].filter((t) => t.nice === 10);
      expect(pool.length).toBeGreaterThanOrEqual(1);
      if (hasChrt()) expect(pool.every((t) => t.policy === SCHED_IDLE)).toBe(true);
      expect(threads.get(process.pid)).toEqual({ nice: 0, policy: SCHED_OTHER });
    }
    expect((await (await user.call(`/api/renders/${id}`)).json()).status).toBe("assets_ready");
    const completion = await (await user.call(`/api/renders/mediaCompletion/${id}`)).json();
    expect(completion.total).toBeGreaterThan(0);
    expect(completion.remaining).toBe(0);
    const { data: media } = await db.entities.renderMedia.query.byRender({ renderJobId: id }).go({ pages: "all" });
    expect(media.filter((m) => m.variant === "main")).toHaveLength(completion.total);
  });
});
