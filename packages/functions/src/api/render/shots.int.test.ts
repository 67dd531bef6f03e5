import { createTestUser, eventually, type TestUser, uploadScreenplay } from "@storyboard/local/test/fixtures";
import { describe, expect, it } from "vitest";

const json = { "content-type": "application/json" };

interface Block {
  id: string;
  hasMedia: boolean;
  imagePrompt: string | null;
  shot: { size: string; angle: string; movement: string; number: string } | null;
}

async function renderAtReview(user: TestUser) {
  const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
  const created = await user.call("/api/renders", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ screenplayId, title: "Shots", style: "cinematic", previewDescriptionsBeforeFirstImages: true }),
  });
  expect(created.status).toBe(200);
  const { id } = await created.json();
  return eventually(async () => {
    const body = await (await user.call(`/api/renders/${id}`)).json();
    return body.status === "descriptions_ready" ? body : null;
  }, 90_000);
}

const blocksOf = async (user: TestUser, id: string): Promise<Block[]> =>
  (await (await user.call(`/api/renders/${id}`)).json()).screenplaySnapshot.blocks;

describe("shots in the descriptions review (docs/decisions.md#shots)", () => {
  it("every visual block has a derived shot; the writer's choice is saved, keeps its number and leads the image prompt", async () => {
    const user = await createTestUser({ points: 1000 });
    const render = await renderAtReview(user);
    const visual = (render.screenplaySnapshot.blocks as Block[]).filter((b) => b.hasMedia);
    expect(visual.every((b) => b.shot && /^\d+[A-HJ-NP-Z]+$/.test(b.shot.number))).toBe(true);
    expect(visual[0].shot).toMatchObject({ number: "1A" });
    const target = visual[1];

    const save = (shots: unknown) =>
      user.call(`/api/renders/${render.id}/descriptions`, {
        method: "PUT",
        headers: json,
        body: JSON.stringify({ characterDictionary: {}, sceneDictionary: {}, shots }),
      });
    const unknown = await save({ nope: { size: "close_up", angle: "low", movement: "static" } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain("nope");
    expect((await save({ [target.id]: { size: "huge", angle: "low", movement: "static" } })).status).toBe(400);
    expect((await blocksOf(user, render.id)).find((b) => b.id === target.id)!.shot).toEqual(target.shot);

    expect((await save({ [target.id]: { size: "close_up", angle: "low", movement: "push_in" } })).status).toBe(200);
    const after = await blocksOf(user, render.id);
    const edited = after.find((b) => b.id === target.id)!;
    expect(edited.shot).toEqual({ size: "close_up", angle: "low", movement: "push_in", number: target.shot!.number });
    expect(edited.imagePrompt).toMatch(/^Close-up, a face with head and shoulders filling the frame, low-angle shot/);
    // Kept when the descriptions are saved again without shots.
    expect((await save(undefined)).status).toBe(200);
    expect((await blocksOf(user, render.id)).find((b) => b.id === target.id)!.shot).toEqual(edited.shot);
    expect(after.filter((b) => b.id !== target.id && b.hasMedia).map((b) => b.shot)).toEqual(
      visual.filter((b) => b.id !== target.id).map((b) => b.shot),
    );
  }, 180_000);
});
