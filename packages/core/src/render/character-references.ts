/**
 * Character reference images (docs/decisions.md#character-reference-images): one
 * per character, made from the character's description while the render is
 * described (and again before the frames when the review changed the description),
 * and given to every cloud frame that shows the character, so face, hair and
 * costume hold across the render. The writer may replace one with their own
 * picture, which is kept and carried to the next draft's renders. A reference's
 * hash is part of the frame's reuse key.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { getObjectBytes, putObject } from "../blob/s3";
import { imageExtension, renderKeys } from "../blob/keys";
import type { StyleId } from "../catalog/styles";
import { config } from "../config";
import { ProviderError } from "../provider/cloud/http";
import { OfflineImageProvider } from "../provider/offline/image";
import { animalInDescription } from "../screenplay/animals";
import { providers } from "../provider/registry";
import { findAsset, keepAsset } from "../revision/asset-store";
import { writerPortraitContentKey } from "../revision/content-key";
import { reusableImage } from "../revision/reuse";
import type { CharacterGender, ImageRequest } from "../provider/types";
import type { CharacterDictionary, CharacterEntry, CharacterReference } from "../screenplay/types";
import { AppError } from "../error";
import { logger } from "../logger";
import { mapWithLimit } from "./concurrency";
import { castOrder } from "./cast-order";
import { getOwnRenderJob, type RenderJobItem } from "./jobs";
import { moveRenderStatus } from "./transition";
import { withRetries } from "./retry";
import { screenplaySnapshotOf } from "./screenplay-snapshot";

/** Reference portraits drawn at once (the provider's own semaphore still limits the account). */
const REFERENCE_CONCURRENCY = 4;

export const referenceHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

/** A file name for a character's picture: letters and digits of the name. */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "character";

/** Where a reference is kept; a replacement carries its hash, so a cached address never shows the old picture. */
export const referenceKey = (userId: string, renderJobId: string, name: string, extension: string, hash?: string) =>
  `${renderKeys.folder(userId, renderJobId)}references/${slug(name)}${hash ? `-${hash.slice(0, 12)}` : ""}.${extension}`;

/**
 * The prompt of a reference portrait: the whole figure on a plain ground, as the description says. An animal's
 * sheet asks for that animal: every frame of it is drawn from the sheet, so "one person" turned the dog into a man.
 */
export function referencePrompt(name: string, description: string): string {
  const animal = animalInDescription(name, description);
  const figure = animal
    ? `One ${animal.species}, whole body, standing side on, facing left`
    : "One person, full figure, standing, facing the camera, neutral expression";
  return `Character reference sheet for ${name}: ${description.trim()} ${figure}, plain light background, even light, no text.`;
}

/**
 * A character's reference as this render may use it: the writer's own picture whatever the
 * description says; a drawn portrait only while the description is the one it was drawn from
 * (docs/decisions.md#portraits-follow-the-description). Portraits drawn before that was recorded count as current.
 */
export function referenceIsCurrent(character: CharacterEntry): boolean {
  const reference = character.reference;
  if (!reference) return false;
  return reference.source === "writer" || reference.description === undefined || reference.description === character.description;
}

/** The dictionary without drawn portraits their description has moved away from: they are drawn again before any frame. */
export function withoutStaleReferences(dictionary: CharacterDictionary): CharacterDictionary {
  return Object.fromEntries(
    Object.entries(dictionary).map(([name, c]) => {
      if (!c.reference || referenceIsCurrent(c)) return [name, c];
      const { reference: _stale, ...rest } = c;
      return [name, rest];
    }),
  );
}

type ReferenceJob = { userId: string; renderJobId: string; screenplayId: string; style: string; aspect?: string | null };

/**
 * Gives every character of the render a current reference in the render's own folder and answers the
 * dictionary with their keys and hashes: the writer's picture carried from an earlier draft is copied
 * in; a missing or stale portrait is drawn (or taken from the asset store when the same description
 * was drawn before). `cast` is each character's place in the cast (cast-order.ts castOrder), as every frame gets it.
 */
export async function addCharacterReferences(job: ReferenceJob, dictionary: CharacterDictionary, cast: Map<string, number>): Promise<CharacterDictionary> {
  const folder = renderKeys.folder(job.userId, job.renderJobId);
  const todo = Object.entries(dictionary).filter(([, c]) => !referenceIsCurrent(c) || !c.reference!.key.startsWith(folder));
  const made = await mapWithLimit(todo, REFERENCE_CONCURRENCY, async ([name, character]) => {
    const carried = character.reference?.source === "writer" ? await carryWriterPicture(job, name, character.reference) : undefined;
    return [name, { ...character, reference: carried ?? (await drawReference(job, dictionary, cast, name, character)) }] as const;
  });
  return { ...dictionary, ...Object.fromEntries(made) };
}

/** Draws a character's portrait from its description; a refused one is drawn offline (and not kept for reuse). */
async function drawReference(
  job: ReferenceJob,
  dictionary: CharacterDictionary,
  cast: Map<string, number>,
  name: string,
  character: CharacterEntry,
): Promise<CharacterReference> {
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
  // The portrait's own key never holds the picture it replaces.
  const characterDictionary = { ...dictionary, [name]: { ...character, reference: undefined } };
  const facts = { userId: job.userId, screenplayId: job.screenplayId, style: job.style, aspect: job.aspect ?? undefined, characterDictionary };
  const reuse = await reusableImage(facts, { prompt: request.prompt, blockType: request.blockType, text: request.text, characters: request.characters });
  let refused = false;
  const image =
    reuse.found ??
    (await withRetries(() => providers().image.generate(request)).catch((error: unknown) => {
      if (!(error instanceof ProviderError) || error.kind !== "refused") throw error;
      refused = true;
      return new OfflineImageProvider().generate(request);
    }));
  if (!reuse.found && !refused) await reuse.keep({ bytes: image.bytes, contentType: image.contentType });
  const key = referenceKey(job.userId, job.renderJobId, name, imageExtension(image.contentType).slice(1));
  await putObject(config.mediaBucket, key, image.bytes, image.contentType);
  return { key, hash: referenceHash(image.bytes), source: "drawn", description: character.description };
}

/**
 * The writer's own picture from an earlier draft's render, copied into this render's folder from the
 * asset store (or, for a picture given before the store kept them, from where that render keeps it).
 * Undefined when neither has it any more: the character's portrait is then drawn.
 */
async function carryWriterPicture(job: ReferenceJob, name: string, from: CharacterReference): Promise<CharacterReference | undefined> {
  const stored = await findAsset(job.userId, job.screenplayId, "image", writerPortraitContentKey({ userId: job.userId, pictureHash: from.hash }));
  const bytes = stored?.bytes ?? (await getObjectBytes(config.mediaBucket, from.key).catch(() => undefined));
  if (!bytes) {
    logger.warn("The writer's picture of a character is gone; a portrait is drawn instead", { renderJobId: job.renderJobId, name, key: from.key });
    return undefined;
  }
  const key = referenceKey(job.userId, job.renderJobId, name, "jpg", from.hash);
  await putObject(config.mediaBucket, key, bytes, "image/jpeg");
  return { key, hash: from.hash, source: "writer" };
}

/**
 * Before any frame is drawn (the generate phase's plan): a portrait the writer's review made stale, or
 * one missing, is drawn now, so every frame of the character is drawn from its current description.
 */
export async function refreshCharacterReferences(job: RenderJobItem): Promise<void> {
  const snapshot = screenplaySnapshotOf(job);
  const dictionary = snapshot?.characterDictionary ?? {};
  const folder = renderKeys.folder(job.userId, job.renderJobId);
  if (Object.values(dictionary).every((c) => referenceIsCurrent(c) && c.reference!.key.startsWith(folder))) return;
  const characterDictionary = await addCharacterReferences(job, dictionary, castOrder(dictionary));
  const saved = await moveRenderStatus(job.renderJobId, ["generating_assets"], {
    status: "generating_assets",
    screenplaySnapshot: { ...snapshot, characterDictionary },
  });
  if (!saved) throw new Error(`Render ${job.renderJobId} moved on while its character portraits were drawn`);
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
  const snapshot = screenplaySnapshotOf(job);
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
  // Kept with the screenplay's assets too, so the next draft's render carries it (docs/decisions.md#portraits-follow-the-description).
  const asset = writerPortraitContentKey({ userId: job.userId, pictureHash: hash });
  await keepAsset(job.userId, job.screenplayId, "image", asset, { bytes: jpeg, contentType: "image/jpeg" });
  const reference: CharacterReference = { key, hash, source: "writer" };
  const characterDictionary = { ...snapshot.characterDictionary, [input.name]: { ...character, reference } };
  const saved = await moveRenderStatus(input.renderJobId, ["descriptions_ready"], {
    status: "descriptions_ready",
    screenplaySnapshot: { ...snapshot, characterDictionary },
  });
  if (!saved) throw AppError.conflict("The render has moved on, so this picture was not saved.");
  return { renderJobId: input.renderJobId, name: input.name, reference };
}
