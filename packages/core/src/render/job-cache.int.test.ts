/**
 * The poll cache against DynamoDB Local, through the same client and
 * middleware the API uses (docs/decisions.md#scale): a write forgets the jobs
 * whose item it touches, and no other.
 */
import { randomUUID } from "node:crypto";
import { db } from "../dynamo/service";
import { readRenderJobForPoll } from "./job-cache";

async function runningJob() {
  const renderJobId = randomUUID();
  const job = { renderJobId, userId: randomUUID(), screenplayId: randomUUID(), title: "Polled", style: "noir" };
  await db.entities.renderJob.create({ ...job, status: "generating_assets" }).go();
  return renderJobId;
}

afterEach(() => vi.useRealTimers());

describe("the polled job cache", () => {
  it("keeps a job through writes to other items, and forgets it when its own item is written", async () => {
    const [id, other] = [await runningJob(), await runningJob()];
    // The clock stands still, so the job's second in the cache cannot run out on a slow machine.
    vi.useFakeTimers({ toFake: ["Date"] });
    const kept = await readRenderJobForPoll(id);
    expect(kept?.status).toBe("generating_assets");
    await db.entities.renderJob.patch({ renderJobId: other }).set({ title: "Another render" }).go();
    expect(await readRenderJobForPoll(id)).toBe(kept);
    await db.entities.renderJob.patch({ renderJobId: id }).set({ title: "Renamed" }).go();
    expect((await readRenderJobForPoll(id))?.title).toBe("Renamed");
  });
});
