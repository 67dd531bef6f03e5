import { OfflineImageProvider } from "./offline/image";
import { OfflineSpeechProvider } from "./offline/speech";
import { OfflineTextProvider } from "./offline/text";
import { OfflineVoiceCatalog } from "./offline/voices";
import type { TextProvider } from "./text";
import type { ImageProvider, SpeechProvider, VoiceCatalog } from "./types";

/**
 * Which provider serves each kind of work. The offline ones are the default;
 * a cloud adapter takes over when its key is in the environment. Tests may
 * swap any of them (fault injection) with `setProviders`.
 */
export interface Providers {
  text: TextProvider;
  image: ImageProvider;
  speech: SpeechProvider;
  voices: VoiceCatalog;
}

let overrides: Partial<Providers> = {};
let defaults: Providers | undefined;

function makeDefaults(): Providers {
  return {
    text: new OfflineTextProvider(),
    image: new OfflineImageProvider(),
    speech: new OfflineSpeechProvider(),
    voices: new OfflineVoiceCatalog(),
  };
}

export function providers(): Providers {
  defaults ??= makeDefaults();
  return { ...defaults, ...overrides };
}

/** Replaces providers (tests); `setProviders({})` restores the defaults. */
export function setProviders(next: Partial<Providers>) {
  overrides = next;
}
