/**
 * `npm run bench:api`: the render page's polling under load. Starts the
 * product (stand-ins, API, local runner), makes a user, a screenplay and a
 * render paused at review, then drives each polling endpoint from loopback
 * with autocannon from a thread of its own (20 connections asking for 200
 * requests/s, 10 s each after an unmeasured second of warm-up, bounded in
 * count and time): once idle, once while two renders run (a new one starts
 * whenever one ends).
 * Prints achieved rps, p50, p99, max, errors and non-2xx/304 answers.
 * Goal: p99 < 50 ms at 200 rps with 0 errors (docs/decisions.md#scale).
 *
 *   npm run bench:api [-- --seconds 10 --rate 200]
 */
import autocannon from "autocannon";
import { stopTaskThreads } from "../src/task-threads";
import { startProduct } from "../src/test/product";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg("seconds", 10);
const RATE = arg("rate", 200);
const CONNECTIONS = 20;
const json = { "content-type": "application/json" };

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  bad: number;
  notModified: number;
}

async function load(name: string, url: string, headers: Record<string, string>): Promise<Row> {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: SECONDS,
    amount: RATE * SECONDS,
    timeout: 5,
    // The load comes from its own thread, as clients are not in the server's process: in-process it took the event loop it measures.
    workers: 1,
    // autocannon 8 "corrects" for coordinated omission with an expected interval of ceil(1 / rate) = 1 ms (its
    // rate is per second, its latencies in ms), so every answer of N ms added N - 1 invented samples and p99 was
    // theirs. Each connection sends its share of a second's requests back to back: a slow answer holds requests
    // back only when they no longer fit in their second, which shows as fewer requests per second than asked
    // (the table marks such rows).
    ignoreCoordinatedOmission: true,
  });
  const codes = result.statusCodeStats as Record<string, { count: number } | undefined>;
  const notModified = codes["304"]?.count ?? 0;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    bad: result.non2xx - notModified,
    notModified,
  };
}

async function main() {
  const product = await startProduct("none");
  Object.assign(process.env, product.env);
  // As `npm start` runs it: media tasks in worker threads (--in-process measures without).
  const { useLocalWorkflows } = await import("../src/workflows");
  useLocalWorkflows({ retryIntervalSeconds: 0, threads: !process.argv.includes("--in-process") });
  const { createTestUser, eventually, uploadScreenplay } = await import("../src/test/fixtures");
  const user = await createTestUser({ points: 100_000 });
  const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready", 60_000);
  const createRender = async (preview: boolean) => {
    const res = await user.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        screenplayId,
        title: "Bench",
        style: "cinematic",
        characterVoices: {},
        previewDescriptionsBeforeFirstImages: preview,
        previewImagesBeforeFirstRender: preview,
      }),
    });
    if (res.status !== 200) throw new Error(`Render not created: ${res.status} ${await res.text()}`);
    return (await res.json()).id as string;
  };
  const status = async (id: string) => (await (await user.call(`/api/renders/${id}`)).json()).status as string;

  const paused = await createRender(true);
  await eventually(async () => (await status(paused)) === "descriptions_ready", 60_000);
  const base = process.env.API_URL!;
  const endpoints = { detail: `${base}/api/renders/${paused}`, media: `${base}/api/renders/mediaCompletion/${paused}` };
  const etagOf = async (url: string) => (await fetch(url, { headers: { cookie: user.cookie } })).headers.get("etag");

  const rows: Row[] = [];
  const run = async (phase: string) => {
    for (const [name, url] of Object.entries(endpoints)) {
      // Unmeasured: the first requests of a route load its modules and warm the JIT, which a running server has done.
      await autocannon({ url, headers: { cookie: user.cookie }, connections: CONNECTIONS, amount: RATE, overallRate: RATE, workers: 1 });
      rows.push(await load(`${name} ${phase}`, url, { cookie: user.cookie }));
      const etag = await etagOf(url);
      if (etag) rows.push(await load(`${name} ${phase}, If-None-Match`, url, { cookie: user.cookie, "if-none-match": etag }));
    }
  };
  await run("idle");
  // A one-page render ends within a minute: whenever one ends, start another, so two run through every row.
  const started: string[] = [];
  let measuring = true;
  const keepTwoRunning = (async () => {
    while (measuring) {
      const states = await Promise.all(started.map(status));
      const running = states.filter((s) => s !== "complete" && s !== "failed").length;
      for (let i = running; i < 2; i++) started.push(await createRender(false));
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  while (started.length < 2) await new Promise((r) => setTimeout(r, 100));
  await run("during 2 renders");
  measuring = false;
  await keepTwoRunning;
  const states = await Promise.all(started.map(status));

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const short = (r: Row) => r.rps < RATE * 0.99;
  console.log(`\n${CONNECTIONS} connections, ${RATE} requests/s asked, ${SECONDS} s per row (goal: p99 < 50 ms, 0 errors)\n`);
  console.log(
    `${"endpoint".padEnd(42)}${pad("rps", 7)}${pad("p50", 7)}${pad("p99", 7)}${pad("max", 7)}${pad("errors", 8)}${pad("non-2xx", 9)}${pad("304", 7)}`,
  );
  for (const r of rows) {
    console.log(
      `${(short(r) ? `${r.name} *` : r.name).padEnd(42)}${pad(r.rps.toFixed(0), 7)}${pad(r.p50, 7)}${pad(r.p99, 7)}${pad(r.max, 7)}${pad(r.errors, 8)}${pad(r.bad, 9)}${pad(r.notModified, 7)}`,
    );
  }
  if (rows.some(short)) console.log("* fewer requests per second than asked: slow answers held requests back, and p99 leaves them out");
  const count = (wanted: string) => states.filter((s) => s === wanted).length;
  console.log(
    `\n${started.length} renders started during the second half: ${count("complete")} complete, ${count("failed")} failed, ${started.length - count("complete") - count("failed")} still running at the end`,
  );
  // The renders still running stop with their threads, before the stand-ins their uploads write to.
  await stopTaskThreads();
  await product.stop().catch(() => {});
  process.exit(0);
}

await main();
