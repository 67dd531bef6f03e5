/**
 * Character reference images (docs/decisions.md#character-reference-images): a render
 * against a stand-in that answers as OpenAI's API does; each character's reference is
 * made once, and every frame request of a character carries that character's reference image.
 */
import sharp from "sharp";
import { withActor } from "@storyboard/core/actor";
import { getObjectBytes } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { db } from "@storyboard/core/dynamo/service";
import { multipartFields } from "@storyboard/core/provider/cloud/fixtures/request-schemas";
import { OpenAiImageProvider } from "@storyboard/core/provider/cloud/openai-image";
import { startStandIn, type StandIn } from "@storyboard/core/provider/cloud/stand-in";
import { setProviders } from "@storyboard/core/provider/registry";
import { createRender } from "@storyboard/core/render/create";
import { shotCharacters } from "@storyboard/core/render/generate";
import { getRenderBlocks, hasMedia } from "@storyboard/core/render/jobs";
import type { CharacterDictionary } from "@storyboard/core/screenplay/types";
import { createTestUser, eventually, uploadScreenplay } from "./test/fixtures";
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
    return { json: { created: 1764115200, data: [{ b64_json: png.toString("base64") }], output_format: "png", size: "1536x864" } };
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
});
