import { tableSlots } from "./slots";

const saved = process.env.OPENAI_CONCURRENCY;
afterEach(() => {
  if (saved === undefined) delete process.env.OPENAI_CONCURRENCY;
  else process.env.OPENAI_CONCURRENCY = saved;
});

describe("the provider semaphore in the table", () => {
  it("never lets more than the setting's requests in at once, and lets every one in eventually", async () => {
    process.env.OPENAI_CONCURRENCY = "2";
    // Two independent semaphores stand for two processes (Lambdas) sharing the account.
    const processes = [tableSlots("OpenAI"), tableSlots("OpenAI")];
    let inFlight = 0;
    let peak = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const release = await processes[i % 2].acquire(60_000);
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 1500));
        inFlight--;
        done++;
        await release();
      }),
    );
    expect(done).toBe(4);
    expect(peak).toBe(2);
  });

  it("frees the slot of a holder that never gave it back once its lease runs out", async () => {
    process.env.OPENAI_CONCURRENCY = "1";
    const slots = tableSlots("OpenAI");
    await slots.acquire(200); // a killed task: never released
    const started = Date.now();
    const release = await slots.acquire(60_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    await release();
  });

  it("gives up when no slot frees within its wait, naming the setting", async () => {
    process.env.OPENAI_CONCURRENCY = "1";
    const release = await tableSlots("OpenAI").acquire(60_000);
    await expect(tableSlots("OpenAI", 300).acquire(60_000)).rejects.toThrow(/one of 1 concurrent request slots \(OPENAI_CONCURRENCY\)/);
    await release();
  });
});
