/**
 * Character reference images (docs/decisions.md#character-reference-images): a render
 * against a stand-in that answers as OpenAI's API does; each character's reference is
 * made once, and every frame request of a character carries that character's reference image.
 * A drawn portrait follows its description; the writer's own picture stays, into the next
 * draft's render (docs/decisions.md#portraits-follow-the-description).
 */
import sharp from "sharp";
import { withActor } from "@storyboard/core/actor";
import { deleteKeys, getObjectBytes } from "@storyboard/core/blob/s3";
import { renderKeys } from "@storyboard/core/blob/keys";
import { config } from "@storyboard/core/config";
import { db } from "@storyboard/core/dynamo/service";
import { multipartFields } from "@storyboard/core/provider/cloud/fixtures/request-schemas";
import { OpenAiImageProvider } from "@storyboard/core/provider/cloud/openai-image";
import { startStandIn, type StandIn } from "@storyboard/core/provider/cloud/stand-in";
import { setProviders } from "@storyboard/core/provider/registry";
import { createRender } from "@storyboard/core/render/create";
import { shotCharacters } from "@storyboard/core/render/block-image";
import { getRenderBlocks, hasMedia } from "@storyboard/core/render/jobs";
import { updateRenderStatus } from "@storyboard/core/render/review";
import type { CharacterDictionary } from "@storyboard/core/screenplay/types";
import { nightShift } from "@storyboard/core/screenplay/fixtures/short";
import { createTestUser, eventually, uploadScreenplay, type TestUser } from "./test/fixtures";
import { useLocalWorkflows, workflowsSettled } from "./workflows";

let standIn: StandIn;

beforeAll(async () => {
  useLocalWorkflows({ retryIntervalSeconds: 0 });
  standIn = await startStandIn();
});
afterAll(() => standIn.close());
afterEach(() => setProviders({}));

/** A different picture for every answer, so each reference's bytes are its own. */
async function answerImages() {
  let count = 0;
  standIn.answer(async () => {
    count++;
    const png = await sharp({ create: { width: 1536, height: 864, channels: 3, background: { r: (count * 37) % 256, g: (count * 91) % 256, b: 80 } } })
      .png()
      .toBuffer();
    return { json: { created: 1764115200, data: [{ b64_json: png.toString("base64") }], output_format: "png" } };
  });
}

describe("character reference images", () => {
  it("are made once per character and given to every cloud frame of that character", async () => {
    const user = await createTestUser({ points: 1000 });
    const images = new OpenAiImageProvider({ apiKey: "sk-proj-references-0123456789", baseUrl: `${standIn.origin}/v1` }, { retryBaseMs: 1 });
    // The seed (render, block, variant) is added to the prompt so each frame request names its block.
    setProviders({ image: { generate: (input) => images.generate({ ...input, prompt: `${input.prompt} [${input.seed}]` }) } });
    await answerImages();
    const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
    await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
    const { id } = await withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, () =>
      createRender({ screenplayId, title: "References", style: "noir", previewDescriptionsBeforeFirstImages: false, previewImagesBeforeFirstRender: true }),
    );
    await workflowsSettled();
    const job = (await db.entities.renderJob.get({ renderJobId: id }).go()).data!;
    expect(job.status).toBe("assets_ready");
    const dictionary = (job.screenplaySnapshot as { characterDictionary: CharacterDictionary }).characterDictionary;
    const names = Object.keys(dictionary);
    expect(names.length).toBeGreaterThan(1);
    // One reference per character, drawn once from the description.
    const referenceRequests = standIn.requests.filter((r) => r.path.endsWith("/images/generations") && r.json<{ prompt: string }>().prompt.startsWith("Character reference sheet"));
    expect(referenceRequests).toHaveLength(names.length);
    const referenceBytes = new Map<string, Buffer>();
    for (const name of names) {
      expect(dictionary[name].reference).toMatchObject({ key: expect.stringContaining("/references/"), hash: expect.any(String) });
      referenceBytes.set(name, Buffer.from(await getObjectBytes(config.mediaBucket, dictionary[name].reference!.key)));
    }
    expect(new Set([...referenceBytes.values()].map((b) => b.toString("base64"))).size).toBe(names.length);

    // Every frame of a block with characters went through the edits endpoint with exactly their references, in order.
    const blocks = (await getRenderBlocks(id)).filter(hasMedia);
    const edits = standIn.requests.filter((r) => r.path.endsWith("/images/edits"));
    let framesWithCharacters = 0;
    for (const block of blocks) {
      const cast = shotCharacters(block, dictionary).map((c) => c.name);
      const seed = `[${id}:${block.blockId}:main]`;
      const sent = edits.filter((r) => r.body.includes(seed));
      if (!cast.length) {
        expect(sent).toHaveLength(0);
        continue;
      }
      framesWithCharacters++;
      expect(sent).toHaveLength(1);
      const fields = await multipartFields(sent[0].body, String(sent[0].headers["content-type"]));
      const files = fields["image[]"] as File[];
      expect(files).toHaveLength(cast.length);
      for (const [i, name] of cast.entries()) expect(Buffer.from(await files[i].arrayBuffer()).equals(referenceBytes.get(name)!)).toBe(true);
    }
    expect(framesWithCharacters).toBeGreaterThan(0);
  });

  it("is replaced by the writer's own picture during the descriptions review, and nothing else is", async () => {
    const user = await createTestUser({ points: 1000 });
    const stranger = await createTestUser();
    const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
    await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
    const { id } = await withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, () =>
      createRender({ screenplayId, title: "My pictures", style: "noir", previewDescriptionsBeforeFirstImages: true }),
    );
    await workflowsSettled();
    const snapshot = async () => ((await db.entities.renderJob.get({ renderJobId: id }).go()).data!.screenplaySnapshot as { characterDictionary: CharacterDictionary }).characterDictionary;
    const before = await snapshot();
    const [name] = Object.keys(before);
    expect(before[name].reference).toBeDefined();
    const put = (who: typeof user, body: unknown) =>
      who.call(`/api/renders/${id}/character-reference`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const picture = (await sharp({ create: { width: 300, height: 400, channels: 3, background: "#33aa55" } }).png().toBuffer()).toString("base64");

    expect((await put(stranger, { name, image: picture })).status).toBe(404);
    const notAPicture = await put(user, { name, image: Buffer.from("not a picture at all").toString("base64") });
    expect(notAPicture.status).toBe(400);
    expect((await notAPicture.json()).message).toBe("That file is not a picture we can read. Please use a PNG, JPEG or WebP image.");
    expect((await put(user, { name: "NOBODY", image: picture })).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    const replaced = await put(user, { name, image: picture });
    expect(replaced.status).toBe(200);
    const after = await snapshot();
    expect(after[name].reference!.hash).not.toBe(before[name].reference!.hash);
    expect(after[name].description).toBe(before[name].description);
    const stored = await sharp(Buffer.from(await getObjectBytes(config.mediaBucket, after[name].reference!.key))).metadata();
    expect(stored).toMatchObject({ format: "jpeg", width: 300, height: 400 });
  });

  it("follows an edited description: the stale portrait goes at the review and a new one draws every frame of that character", async () => {
    const user = await createTestUser({ points: 1000 });
    const images = new OpenAiImageProvider({ apiKey: "sk-proj-references-0123456789", baseUrl: `${standIn.origin}/v1` }, { retryBaseMs: 1 });
    setProviders({ image: { generate: (input) => images.generate({ ...input, prompt: `${input.prompt} [${input.seed}]` }) } });
    await answerImages();
    const id = await describedRender(user, "Edited look", { previewDescriptionsBeforeFirstImages: true });
    const before = await dictionaryOf(id);
    const blocks = (await getRenderBlocks(id)).filter(hasMedia);
    const name = blocks.map((b) => shotCharacters(b, before)).find((cast) => cast.length)![0].name;
    expect(before[name].reference).toMatchObject({ source: "drawn", description: before[name].description });
    const [other] = Object.keys(before).filter((n) => n !== name);

    const look = "Silver hair in a tight bun, a red wool coat, round glasses.";
    const saved = await user.call(`/api/renders/${id}/descriptions`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ characterDictionary: { [name]: { description: look }, [other]: { description: before[other].description } } }),
    });
    expect(saved.status).toBe(200);
    const reviewed = await dictionaryOf(id);
    expect(reviewed[name].reference).toBeUndefined();
    expect(reviewed[other].reference).toEqual(before[other].reference);

    const drawnBefore = standIn.requests.length;
    await moveOn(user, id);
    const after = await dictionaryOf(id);
    expect(after[name].reference).toMatchObject({ source: "drawn", description: look, key: expect.stringContaining(renderKeys.folder(user.userId, id)) });
    expect(after[name].reference!.hash).not.toBe(before[name].reference!.hash);
    expect(after[other].reference).toEqual(before[other].reference);
    const redrawn = standIn.requests.slice(drawnBefore).filter((r) => r.path.endsWith("/images/generations"));
    expect(redrawn.map((r) => r.json<{ prompt: string }>().prompt).filter((p) => p.startsWith("Character reference sheet"))).toEqual([
      expect.stringContaining(look),
    ]);

    const portrait = Buffer.from(await getObjectBytes(config.mediaBucket, after[name].reference!.key));
    const frames = await framesOf(id, after, name, standIn.requests.slice(drawnBefore));
    expect(frames.length).toBeGreaterThan(0);
    for (const sent of frames) expect(sent.equals(portrait)).toBe(true);
  });

  it("keeps the writer's own picture when the description changes, and carries it to the next draft's render", async () => {
    const user = await createTestUser({ points: 2000 });
    const first = await describedRender(user, "First draft", { previewDescriptionsBeforeFirstImages: true });
    const screenplayId = (await db.entities.renderJob.get({ renderJobId: first }).go()).data!.screenplayId;
    const [name] = Object.keys(await dictionaryOf(first));
    const picture = await sharp({ create: { width: 320, height: 480, channels: 3, background: "#8844cc" } }).png().toBuffer();
    const put = await user.call(`/api/renders/${first}/character-reference`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, image: picture.toString("base64") }),
    });
    expect(put.status).toBe(200);
    const mine = (await dictionaryOf(first))[name].reference!;
    expect(mine.source).toBe("writer");
    const edited = await user.call(`/api/renders/${first}/descriptions`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ characterDictionary: { [name]: { description: "Someone else entirely, in a yellow raincoat." } } }),
    });
    expect(edited.status).toBe(200);
    expect((await dictionaryOf(first))[name].reference).toEqual(mine);
    const myBytes = Buffer.from(await getObjectBytes(config.mediaBucket, mine.key));

    // The next draft (the same pages again), rendered after the first render's own copy is gone.
    const { fileName, bytes } = nightShift("fdx");
    const form = new FormData();
    form.set("file", new Blob([Buffer.from(bytes)]), fileName);
    expect((await user.call(`/api/screenplays/${screenplayId}/versions`, { method: "POST", body: form })).status).toBeLessThan(300);
    await deleteKeys(config.mediaBucket, [mine.key]);
    const next = await describedRender(user, "Second draft", { previewDescriptionsBeforeFirstImages: true }, screenplayId);
    const carried = (await dictionaryOf(next))[name].reference!;
    expect(carried).toMatchObject({ source: "writer", hash: mine.hash, key: expect.stringContaining(renderKeys.folder(user.userId, next)) });
    expect(Buffer.from(await getObjectBytes(config.mediaBucket, carried.key)).equals(myBytes)).toBe(true);
    // The other characters were drawn for this render, as on a first one.
    for (const [other, character] of Object.entries(await dictionaryOf(next)))
      if (other !== name) expect(character.reference).toMatchObject({ source: "drawn", key: expect.stringContaining(renderKeys.folder(user.userId, next)) });
  });
});

const asUser = (user: TestUser) => ({ type: "user" as const, userId: user.userId, roles: [], sessionId: "test" });

/** A render of the user's Night Shift (a new upload unless `screenplayId` is given), left at the descriptions review or further. */
async function describedRender(user: TestUser, title: string, options: { previewDescriptionsBeforeFirstImages: boolean }, screenplayId?: string) {
  let id = screenplayId;
  if (!id) {
    id = (await (await uploadScreenplay(user, "fdx")).json()).id as string;
    await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready");
  }
  const render = await withActor(asUser(user), () => createRender({ screenplayId: id, title, style: "noir", ...options, previewImagesBeforeFirstRender: true }));
  await workflowsSettled();
  return render.id;
}

const dictionaryOf = async (renderJobId: string) =>
  ((await db.entities.renderJob.get({ renderJobId }).go()).data!.screenplaySnapshot as { characterDictionary: CharacterDictionary }).characterDictionary;

/** Approves the descriptions: the frames are made (here, so the workflow uses this test's image provider). */
async function moveOn(user: TestUser, renderJobId: string) {
  await withActor(asUser(user), () => updateRenderStatus(renderJobId, "generating_assets"));
  await workflowsSettled();
  expect((await db.entities.renderJob.get({ renderJobId }).go()).data!.status).toBe("assets_ready");
}

/** The picture each frame request of the render sent for `name`. */
async function framesOf(renderJobId: string, dictionary: CharacterDictionary, name: string, requests: StandIn["requests"]) {
  const sent: Buffer[] = [];
  for (const block of (await getRenderBlocks(renderJobId)).filter(hasMedia)) {
    const cast = shotCharacters(block, dictionary).map((c) => c.name);
    if (!cast.includes(name)) continue;
    const request = requests.find((r) => r.path.endsWith("/images/edits") && r.body.includes(`[${renderJobId}:${block.blockId}:main]`));
    expect(request, block.blockId).toBeDefined();
    const files = (await multipartFields(request!.body, String(request!.headers["content-type"])))["image[]"] as File[];
    sent.push(Buffer.from(await files[cast.indexOf(name)].arrayBuffer()));
  }
  return sent;
}
