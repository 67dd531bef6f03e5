/**
 * Character reference images (docs/decisions.md#character-reference-images): one
 * per character, made once from the character's description while the render is
 * described, and given to every cloud frame that shows the character, so face,
 * hair and costume hold across the render. The writer may replace one with
 * their own picture. A reference's hash is part of the frame's reuse key.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { getObjectBytes, putObject } from "../blob/s3";
import { renderKeys } from "../blob/keys";
import type { StyleId } from "../catalog/styles";
import { config } from "../config";
import { ProviderError } from "../provider/cloud/http";
import { OfflineImageProvider } from "../provider/offline/image";
import { providers } from "../provider/registry";
import { reusableImage } from "../revision/reuse";
import type { CharacterGender, ImageRequest } from "../provider/types";
import type { CharacterDictionary } from "../screenplay/types";
import { AppError } from "../error";
import { mapWithLimit } from "./concurrency";
import { getOwnRenderJob } from "./jobs";
import { moveRenderStatus } from "./transition";
import { withRetries } from "./retry";

/** Reference portraits drawn at once (the provider's own semaphore still limits the account). */
const REFERENCE_CONCURRENCY = 4;

export const referenceHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

/** A file name for a character's picture: letters and digits of the name. */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "character";

/** Where a reference is kept; a replacement carries its hash, so a cached address never shows the old picture. */
export const referenceKey = (userId: string, renderJobId: string, name: string, extension: string, hash?: string) =>
  `${renderKeys.folder(userId, renderJobId)}references/${slug(name)}${hash ? `-${hash.slice(0, 12)}` : ""}.${extension}`;

/** The prompt of a reference portrait: the whole figure, front on, on a plain ground, as the description says. */
export const referencePrompt = (name: string, description: string) =>
  `Character reference sheet for ${name}: ${description.trim()} ` +
  "One person, full figure, standing, facing the camera, neutral expression, plain light background, even light, no text.";

/**
 * Draws a reference for each character without one and answers the dictionary with their keys and hashes.
 * `cast` is each character's place in the cast (describe.ts castOrder), as every frame gets it.
 */
export async function addCharacterReferences(
  job: { userId: string; renderJobId: string; screenplayId: string; style: string; aspect?: string | null },
  dictionary: CharacterDictionary,
  cast: Map<string, number>,
): Promise<CharacterDictionary> {
  const missing = Object.entries(dictionary).filter(([, c]) => !c.reference);
  const made = await mapWithLimit(missing, REFERENCE_CONCURRENCY, async ([name, character]) => {
    const request: ImageRequest = {
      prompt: referencePrompt(name, character.description),
      style: job.style as StyleId,
      characters: [{ name, gender: (character.gender ?? "neutral") as CharacterGender, castIndex: cast.get(name) }],
      blockType: "character",
      text: character.description,
      seed: `${job.renderJobId}:reference:${name}`,
    };
    // The same description in the same style is the same portrait: a later draft's render takes the one kept
    // in the writer's asset store, so its frames keep their reuse keys (docs/decisions.md#revised-drafts).
    const facts = { userId: job.userId, screenplayId: job.screenplayId, style: job.style, aspect: job.aspect ?? undefined, characterDictionary: dictionary };
    const reuse = await reusableImage(facts, { prompt: request.prompt, blockType: request.blockType, text: request.text, characters: request.characters });
    let refused = false;
    // A refused portrait must not fail the render: it is drawn offline, like a refused frame (and not kept for reuse).
    const image =
      reuse.found ??
      (await withRetries(() => providers().image.generate(request)).catch((error: unknown) => {
        if (!(error instanceof ProviderError) || error.kind !== "refused") throw error;
        refused = true;
        return new OfflineImageProvider().generate(request);
      }));
    if (!reuse.found && !refused) await reuse.keep({ bytes: image.bytes, contentType: image.contentType });
    const key = referenceKey(job.userId, job.renderJobId, name, image.contentType === "image/png" ? "png" : "jpg");
    await putObject(config.mediaBucket, key, image.bytes, image.contentType);
    return [name, { ...character, reference: { key, hash: referenceHash(image.bytes) } }] as const;
  });
  return { ...dictionary, ...Object.fromEntries(made) };
}

/** The reference images of a shot's characters, in their order; characters without one are left out. */
export async function referencesOf(dictionary: CharacterDictionary, names: string[]): Promise<NonNullable<ImageRequest["references"]>> {
  const withReference = names.filter((name) => dictionary[name]?.reference);
  return Promise.all(
    withReference.map(async (name) => {
      const { key } = dictionary[name]!.reference!;
      return { name, bytes: await getObjectBytes(config.mediaBucket, key), contentType: key.endsWith(".png") ? "image/png" : "image/jpeg" };
    }),
  );
}

/** The largest picture a writer may give as a reference (as sent, before it is made a JPEG). */
export const MAX_REFERENCE_BYTES = 6 * 1024 * 1024;
const REFERENCE_EDGE = 1024;

/**
 * The writer's own picture in place of a character's reference, while the descriptions wait for review:
 * read as an image (anything else is a 400), made a JPEG of at most 1024 px, and stored over the old one.
 */
export async function replaceCharacterReference(input: { renderJobId: string; name: string; image: string }) {
  const job = await getOwnRenderJob(input.renderJobId);
  if (job.status !== "descriptions_ready") {
    throw AppError.conflict("A character's picture can be replaced only while the render waits for your review of the descriptions.");
  }
  const snapshot = job.screenplaySnapshot as { characterDictionary: CharacterDictionary };
  const character = snapshot.characterDictionary?.[input.name];
  if (!character) throw AppError.notFound("That character is not part of this render.");
  const sent = Buffer.from(input.image, "base64");
  if (sent.length > MAX_REFERENCE_BYTES) throw AppError.badRequest("The picture must be 6 MB or smaller.");
  let jpeg: Buffer;
  try {
    jpeg = await sharp(sent).rotate().resize(REFERENCE_EDGE, REFERENCE_EDGE, { fit: "inside", withoutEnlargement: true }).flatten({ background: "#ffffff" }).jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw AppError.badRequest("That file is not a picture we can read. Please use a PNG, JPEG or WebP image.");
  }
  const hash = referenceHash(jpeg);
  const key = referenceKey(job.userId, job.renderJobId, input.name, "jpg", hash);
  await putObject(config.mediaBucket, key, jpeg, "image/jpeg");
  const reference = { key, hash };
  const characterDictionary = { ...snapshot.characterDictionary, [input.name]: { ...character, reference } };
  const saved = await moveRenderStatus(input.renderJobId, ["descriptions_ready"], {
    status: "descriptions_ready",
    screenplaySnapshot: { ...snapshot, characterDictionary },
  });
  if (!saved) throw AppError.conflict("The render has moved on, so this picture was not saved.");
  return { renderJobId: input.renderJobId, name: input.name, reference };
}
