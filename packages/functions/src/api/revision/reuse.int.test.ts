import { getObjectBytes, listKeys } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { nightShift } from "@storyboard/core/screenplay/fixtures/short";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";

const json = { "content-type": "application/json" };
const FOUNTAIN = new TextDecoder().decode(nightShift("fountain").bytes);

function send(user: TestUser, path: string, fileName: string, text: string) {
  const form = new FormData();
  form.set("file", new Blob([text]), fileName);
  return user.call(path, { method: "POST", body: form });
}

async function uploadReady(user: TestUser) {
  const { id } = await (await send(user, "/api/screenplays", "night.fountain", FOUNTAIN)).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready");
  return id as string;
}

/** A render that runs without the description review and stops at the image review: every asset made, no video. */
async function renderAssets(user: TestUser, screenplayId: string, style: string) {
  const res = await user.call("/api/renders", {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      screenplayId,
      title: `Render ${style}`,
      style,
      previewDescriptionsBeforeFirstImages: false,
      previewImagesBeforeFirstRender: true,
    }),
  });
  expect(res.status).toBe(200);
  const { id } = await res.json();
  return eventually(async () => {
    const r = await (await user.call(`/api/renders/${id}`)).json();
    if (r.status === "failed") throw new Error(r.failureReason);
    return r.status === "assets_ready" ? r : null;
  }, 90_000);
}

const stored = (user: TestUser, screenplayId: string, kind: "image" | "audio") =>
  listKeys(config.mediaBucket, `assets/${user.userId}/${screenplayId}/${kind}/`);

type Block = { blockId: string; type: string; text: string; hasMedia: boolean; audioUrl: string | null };

describe("re-rendering only what changed", () => {
  it("reuses every unchanged image and line of a later draft, remakes what a changed style needs, and shares nothing between users", async () => {
    const user = await createTestUser({ points: 2000 });
    const id = await uploadReady(user);
    const first = await renderAssets(user, id, "noir");
    const media = first.screenplaySnapshot.blocks.filter((b: Block) => b.hasMedia).length;
    // Each character's reference portrait is kept too (render/character-references.ts), and reused by the next draft.
    const portraits = Object.keys(first.screenplaySnapshot.characterDictionary).length;
    expect(portraits).toBeGreaterThan(0);
    expect((await stored(user, id, "image")).length).toBe(media + portraits);
    expect((await stored(user, id, "audio")).length).toBe(media);

    // Draft 2 rewrites one line: one new image and one new line of speech, everything else copied.
    await send(
      user,
      `/api/screenplays/${id}/versions`,
      "night-2.fountain",
      FOUNTAIN.replace("What algorithm is this?", "Who wrote this algorithm?"),
    );
    const quote = await (
      await user.call(`/api/screenplays/${id}/render-quote`, { method: "POST", headers: json, body: JSON.stringify({ style: "noir" }) })
    ).json();
    expect(quote).toMatchObject({ blocks: media, reused: media - 1, from: { renderJobId: first.id, version: 1 } });
    expect(quote.newWords).toBe(4);
    const otherStyle = await (
      await user.call(`/api/screenplays/${id}/render-quote`, { method: "POST", headers: json, body: JSON.stringify({ style: "comic" }) })
    ).json();
    expect(otherStyle).toMatchObject({ reused: 0, from: null, cost: otherStyle.fullCost });
    const second = await renderAssets(user, id, "noir");
    expect(second.pointsCharged).toBe(quote.cost);
    expect(second.screenplayVersion ?? 2).toBe(2);
    expect((await stored(user, id, "image")).length).toBe(media + portraits + 1);
    expect((await stored(user, id, "audio")).length).toBe(media + 1);
    const audioOf = async (render: { screenplaySnapshot: { blocks: Block[] } }, text: string) => {
      const block = render.screenplaySnapshot.blocks.find((b) => b.text === text)!;
      return Buffer.from(await getObjectBytes(config.mediaBucket, block.audioUrl!));
    };
    const same = "You remember nothing before coffee.";
    expect((await audioOf(second, same)).equals(await audioOf(first, same))).toBe(true);

    // Another style: every image (portraits too) is made anew, every line of speech reused.
    await renderAssets(user, id, "comic");
    expect((await stored(user, id, "image")).length).toBe(2 * (media + portraits) + 1);
    expect((await stored(user, id, "audio")).length).toBe(media + 1);

    // Another writer with the same text reuses nothing of the first one's.
    const other = await createTestUser({ points: 2000 });
    const theirs = await uploadReady(other);
    await renderAssets(other, theirs, "noir");
    expect((await stored(other, theirs, "image")).length).toBe(media + portraits);
    const mine = new Set((await stored(user, id, "audio")).map((k) => k.split("/").pop()));
    expect((await stored(other, theirs, "audio")).some((k) => mine.has(k.split("/").pop()))).toBe(false);
  });
});
