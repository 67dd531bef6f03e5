import { createTestUser, eventually, type TestUser, uploadScreenplay } from "@storyboard/local/test/fixtures";

const json = { "content-type": "application/json" };

async function renderAtImageReview(user: TestUser) {
  const id = await startRender(user, false);
  await eventually(async () => (await (await user.call(`/api/renders/${id}`)).json()).status === "assets_ready", 90_000);
  return id;
}

async function startRender(user: TestUser, reviewDescriptions: boolean) {
  const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
  const created = await user.call("/api/renders", {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      screenplayId,
      title: "Polled",
      style: "noir",
      characterVoices: {},
      previewDescriptionsBeforeFirstImages: reviewDescriptions,
      previewImagesBeforeFirstRender: true,
    }),
  });
  return (await created.json()).id as string;
}

describe("polling a render (docs/decisions.md#scale)", () => {
  it("answers an unchanged poll with a 304 and no body, and counts media from the job", async () => {
    const user = await createTestUser({ points: 1000 });
    const id = await renderAtImageReview(user);
    for (const path of [`/api/renders/${id}`, `/api/renders/mediaCompletion/${id}`]) {
      const first = await user.call(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      const again = await user.call(path, { headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      const stale = await user.call(path, { headers: { "if-none-match": 'W/"something-else"' } });
      expect(stale.status).toBe(200);
      expect(stale.headers.get("etag")).toBe(etag);
    }
    const completion = await (await user.call(`/api/renders/mediaCompletion/${id}`)).json();
    const detail = await (await user.call(`/api/renders/${id}`)).json();
    const needed = detail.screenplaySnapshot.blocks.filter((b: { imageUrl: string[] | null }) => b.imageUrl?.length).length;
    expect(needed).toBeGreaterThan(0);
    expect(completion).toEqual({
      total: needed * 2,
      remaining: 0,
      typeBreakdown: { audio: { total: needed, remaining: 0 }, image: { total: needed, remaining: 0 } },
    });
  });

  it("hides the ETag of another user's render and forgets a session at logout", async () => {
    const user = await createTestUser({ points: 1000 });
    const other = await createTestUser();
    const id = await renderAtImageReview(user);
    const etag = (await user.call(`/api/renders/${id}`)).headers.get("etag")!;
    const foreign = await other.call(`/api/renders/${id}`, { headers: { "if-none-match": etag } });
    expect(foreign.status).toBe(404);
    expect((await user.call(`/api/renders/${id}`)).status).toBe(200);
    expect((await user.call("/api/logout", { method: "POST" })).status).toBe(200);
    expect((await user.call(`/api/renders/${id}`)).status).toBe(401);
  });

  it("reuses a polled job only until this process changes it, and counts media before planning from the blocks", async () => {
    const user = await createTestUser({ points: 1000 });
    const id = await startRender(user, true);
    const status = async () => (await (await user.call(`/api/renders/${id}`)).json()).status as string;
    await eventually(async () => (await status()) === "descriptions_ready", 60_000);
    // Polled twice within the cache's second: the job is kept, and the approval below must still show at once.
    expect(await status()).toBe("descriptions_ready");
    const completion = await (await user.call(`/api/renders/mediaCompletion/${id}`)).json();
    expect(completion.total).toBeGreaterThan(0);
    expect(completion.remaining).toBe(completion.total);
    const approve = await user.call("/api/renders/status", {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ renderJobId: id, status: "generating_assets" }),
    });
    expect(approve.status).toBe(200);
    expect(await status()).not.toBe("descriptions_ready");
    await eventually(async () => (await status()) === "assets_ready", 90_000);
  }, 150_000);

  it("serves the block list from a snapshot that follows every change to the blocks", async () => {
    const user = await createTestUser({ points: 1000 });
    const id = await renderAtImageReview(user);
    type View = { id: string; imageUrl: string[] };
    const blocks = async (): Promise<View[]> => (await (await user.call(`/api/renders/${id}`)).json()).screenplaySnapshot.blocks;
    const first = await blocks();
    expect(await blocks()).toEqual(first); // from the snapshot: unchanged
    const block = first.find((b) => b.imageUrl.length)!;
    // A new image (settled by the image charge) and a new order (a block write alone): both show at once.
    const made = await user.call("/api/renders/blocks/image", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: id, blockId: block.id, imagePrompt: "A lamp in the rain" }),
    });
    expect(made.status).toBeLessThan(300);
    // Drawn in the background: the snapshot follows once the frame is kept.
    const withTwo = await eventually(async () => (await blocks()).find((b) => b.id === block.id && b.imageUrl.length === 2));
    expect(withTwo.imageUrl).toHaveLength(2);
    const reversed = [...withTwo.imageUrl].reverse();
    const saved = await user.call("/api/renders/save-image-order", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ renderJobId: id, blockId: block.id, imageUrl: reversed }),
    });
    expect(saved.status).toBe(200);
    expect((await blocks()).find((b) => b.id === block.id)!.imageUrl).toEqual(reversed);
    // The other blocks are as they were.
    expect((await blocks()).filter((b) => b.id !== block.id)).toEqual(first.filter((b) => b.id !== block.id));
  }, 120_000);
});
