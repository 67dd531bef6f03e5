import type { CharacterDictionary } from "../screenplay/types";
import { findAsset, keepAsset, type StoredAsset, type StoredKind } from "./asset-store";
import { DEFAULT_ASPECT, imageContentKey, type ImageKeyInput, speechContentKey } from "./content-key";

/** What a render's job gives the key: its owner, screenplay, style and the characters' descriptions. */
interface JobFacts {
  userId: string;
  screenplayId: string;
  style: string;
  aspect?: string;
  characterDictionary: CharacterDictionary;
}

/** An asset found under its content key, or a way to keep the one about to be made. */
export interface Reusable {
  contentKey: string;
  found?: StoredAsset;
  keep: (asset: StoredAsset) => Promise<void>;
}

async function lookUp(job: JobFacts, kind: StoredKind, contentKey: string): Promise<Reusable> {
  return {
    contentKey,
    found: await findAsset(job.userId, job.screenplayId, kind, contentKey),
    keep: (asset) => keepAsset(job.userId, job.screenplayId, kind, contentKey, asset),
  };
}

/** The block's image from the writer's earlier renders, when its prompt, style, aspect, scene and characters are unchanged. */
export function reusableImage(job: JobFacts, shot: Parameters<typeof imageReuseKey>[1]) {
  return lookUp(job, "image", imageReuseKey(job, shot));
}

/** The content key of a block's image: everything that shapes the frame, nothing that only names its place. */
export function imageReuseKey(
  job: JobFacts,
  shot: Omit<ImageKeyInput, "userId" | "style" | "aspect" | "characters"> & {
    characters: { name: string; gender: string; castIndex?: number }[];
  },
) {
  // A character's reference image shapes every frame of them: a new one (the writer's upload) is a new frame.
  const characters = shot.characters.map((c) => ({
    ...c,
    description: job.characterDictionary[c.name]?.description ?? "",
    reference: job.characterDictionary[c.name]?.reference?.hash,
  }));
  // A shot's number ("12B") names its place in the script and is not drawn: a scene inserted before it renumbers it, the frame stays.
  const { number: _place, ...framing } = (shot.shot ?? {}) as { number?: string };
  const key: string = imageContentKey({
    ...shot,
    shot: shot.shot === undefined ? undefined : framing,
    characters,
    userId: job.userId,
    style: job.style,
    aspect: job.aspect ?? DEFAULT_ASPECT,
  });
  return key;
}

/** The content key of a line of speech: its words (with their delivery) and voice. */
export const speechReuseKey = (job: JobFacts, text: string, voiceId: string) => speechContentKey({ userId: job.userId, text, voiceId });

/** The line's speech from the writer's earlier renders, when its words and voice are unchanged. */
export function reusableSpeech(job: JobFacts, text: string, voiceId: string) {
  return lookUp(job, "audio", speechReuseKey(job, text, voiceId));
}
