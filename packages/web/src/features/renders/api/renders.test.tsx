import { QueryObserver } from "@tanstack/react-query";
import { createQueryClient } from "../../../lib/query-client";
import { callsTo, mockFetch } from "../../../test/render";
import { mediaCompletionQueryOptions, renderQueryOptions } from "./renders";

/** Watches one render the way the page does, answering with `statuses` in turn (the last repeats). */
async function watch(statuses: string[]) {
  let answered = 0;
  const fetchMock = mockFetch({
    "GET /api/renders/r1": () => ({ id: "r1", status: statuses[Math.min(answered++, statuses.length - 1)], screenplaySnapshot: { blocks: [] } }),
  });
  const observer = new QueryObserver(createQueryClient(), renderQueryOptions("r1"));
  const unsubscribe = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(0);
  const calls = () => callsTo(fetchMock, "GET /api/renders/r1").length;
  return { observer, unsubscribe, calls };
}

describe("render polling", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(["queued", "descriptions_ready", "generating_assets", "rendering", "compiling"])("asks again every 10 s while %s", async (status) => {
    const { calls, unsubscribe } = await watch([status]);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls()).toBe(4);
    unsubscribe();
  });

  it.each(["assets_ready", "complete", "failed"])("does not poll while %s", async (status) => {
    const { calls, unsubscribe } = await watch([status]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(1);
    unsubscribe();
  });

  it("stops once the render is complete", async () => {
    const { calls, observer, unsubscribe } = await watch(["rendering", "compiling", "complete"]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls()).toBe(3);
    expect(observer.getCurrentResult().data?.status).toBe("complete");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(3);
    unsubscribe();
  });

  it("polls media completion while generating, reads it once per later status, and not before", () => {
    expect(mediaCompletionQueryOptions("r1", "generating_assets")).toMatchObject({ enabled: true, refetchInterval: 10_000 });
    for (const status of ["assets_ready", "rendering", "compiling"]) {
      expect(mediaCompletionQueryOptions("r1", status)).toMatchObject({ enabled: true, refetchInterval: false });
    }
    expect(mediaCompletionQueryOptions("r1", "assets_ready").queryKey).not.toEqual(mediaCompletionQueryOptions("r1", "generating_assets").queryKey);
    for (const status of ["queued", "descriptions_ready", "complete", "failed"]) {
      expect(mediaCompletionQueryOptions("r1", status).enabled).toBe(false);
    }
  });
});
