import { describe, expect, it } from "vitest";
import { PollCache } from "./poll-cache";

interface Job {
  status: string;
  version: number;
}

/** A cache over a fake table whose job can be changed, counting reads; the clock moves by hand. */
function setup() {
  let clock = 1_000;
  const table = { status: "generating_assets", version: 1, reads: 0 };
  const ttl: Record<string, number> = { generating_assets: 1_000, descriptions_ready: 200, complete: 0 };
  const cache = new PollCache<Job>({ ttlMs: (job) => ttl[job.status], now: () => clock });
  const load = async () => {
    table.reads++;
    return { status: table.status, version: table.version };
  };
  return { cache, table, load, tick: (ms: number) => (clock += ms) };
}

describe("PollCache", () => {
  it("serves a job read less than ttlMs ago without reading again", async () => {
    const { cache, table, load, tick } = setup();
    expect(await cache.read("r1", load)).toEqual({ status: "generating_assets", version: 1 });
    tick(999);
    table.version = 2;
    expect((await cache.read("r1", load))?.version).toBe(1);
    expect(table.reads).toBe(1);
  });

  it("reads again once the entry is ttlMs old", async () => {
    const { cache, table, load, tick } = setup();
    await cache.read("r1", load);
    table.version = 2;
    tick(1_000);
    expect((await cache.read("r1", load))?.version).toBe(2);
    expect(table.reads).toBe(2);
  });

  it("forgets every job when this process writes, so the next read sees the change", async () => {
    const { cache, table, load } = setup();
    await cache.read("r1", load);
    await cache.read("r2", load);
    table.version = 2;
    cache.changed();
    expect((await cache.read("r1", load))?.version).toBe(2);
    expect((await cache.read("r2", load))?.version).toBe(2);
    expect(table.reads).toBe(4);
  });

  it("does not keep what a read under way brings back when a write lands meanwhile", async () => {
    const { cache, table, load } = setup();
    let release!: () => void;
    const slow = async () => {
      const before = { status: table.status, version: table.version };
      await new Promise<void>((resolve) => (release = resolve));
      table.reads++;
      return before;
    };
    const reading = cache.read("r1", slow);
    table.version = 2;
    cache.changed();
    release();
    expect((await reading)?.version).toBe(1);
    expect((await cache.read("r1", load))?.version).toBe(2);
  });

  it("forgets only the jobs a write touched, kept or being read", async () => {
    const { cache, table, load } = setup();
    await cache.read("r1", load);
    let release!: () => void;
    const slow = async () => {
      const before = { status: table.status, version: table.version };
      await new Promise<void>((resolve) => (release = resolve));
      return before;
    };
    const reading = cache.read("r2", slow);
    table.version = 2;
    cache.changed((key) => key === "r2");
    release();
    expect((await reading)?.version).toBe(1);
    expect((await cache.read("r2", load))?.version).toBe(2);
    expect((await cache.read("r1", load))?.version).toBe(1);
    expect(table.reads).toBe(2);
  });

  it("keeps each job as long as its status allows", async () => {
    const { cache, table, load, tick } = setup();
    table.status = "descriptions_ready";
    await cache.read("r1", load);
    tick(199);
    await cache.read("r1", load);
    expect(table.reads).toBe(1);
    tick(1);
    await cache.read("r1", load);
    expect(table.reads).toBe(2);
  });

  it("never keeps a job whose status allows no time", async () => {
    const { cache, table, load } = setup();
    table.status = "complete";
    await cache.read("r1", load);
    await cache.read("r1", load);
    expect(table.reads).toBe(2);
  });

  it("shares one read between requests that miss at the same time", async () => {
    const { cache, table, load } = setup();
    const answers = await Promise.all([cache.read("r1", load), cache.read("r1", load), cache.read("r1", load)]);
    expect(answers.map((a) => a?.version)).toEqual([1, 1, 1]);
    expect(table.reads).toBe(1);
  });

  it("keeps nothing for a missing job", async () => {
    const { cache } = setup();
    let reads = 0;
    const missing = async () => {
      reads++;
      return undefined;
    };
    expect(await cache.read("gone", missing)).toBeUndefined();
    expect(await cache.read("gone", missing)).toBeUndefined();
    expect(reads).toBe(2);
  });
});
