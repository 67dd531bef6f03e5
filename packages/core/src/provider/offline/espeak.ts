/**
 * One eSpeak-NG engine (Emscripten build, from @echogarden/espeak-ng-emscripten;
 * its core is wasm2js JavaScript, so the first few calls run slowly until V8
 * optimises them) per process. Synthesis is synchronous, so calls never
 * interleave and each call sets every parameter it relies on: the engine
 * keeps the previous voice when it is given an unknown one.
 *
 * Determinism: espeak adds pseudo-random noise (breath, aspiration) from a
 * generator seeded with the clock and advanced by every call, so the same
 * text would give different bytes each time. We freeze the clock the engine
 * sees and restore its linear memory to a snapshot before every call, which
 * makes each call start from the same state. The snapshot is taken after a
 * warm-up that sizes the bindings' string buffer (JS-side state that points
 * into that memory) for any text up to MAX_CHUNK_BYTES, so that JS state does
 * not change afterwards; longer texts are spoken in chunks.
 */

interface EspeakWorker {
  set_voice(name: string): number;
  set_rate(wpm: number): void;
  set_pitch(pitch: number): void;
  set_range(range: number): void;
  get_samplerate(): number;
  synthesize(text: string, callback: (samples: Int16Array | null) => boolean | number): void;
}

interface EspeakModule {
  eSpeakNGWorker: new () => EspeakWorker;
  FS: { readdir(path: string): string[] };
  /** The current view of the linear memory (replaced when memory grows). */
  HEAPU8: Uint8Array;
}

/** Texts longer than this (in UTF-8 bytes) are split at sentence or word ends. */
const MAX_CHUNK_BYTES = 6000;
/** Longer than MAX_CHUNK_BYTES so every chunk fits the bindings' string buffer; silent, so quick. */
const WARM_UP_TEXT = " ".repeat(MAX_CHUNK_BYTES + 512);

/** Runs fn with Date.now frozen; fn must be synchronous so nothing else sees it. */
function withFrozenClock<T>(fn: () => T): T {
  const now = Date.now;
  Date.now = () => 0;
  try {
    return fn();
  } finally {
    Date.now = now;
  }
}

const VARIANT_DIR = "/usr/share/espeak-ng-data/voices/!v";

interface Engine {
  module: EspeakModule;
  worker: EspeakWorker;
  variants: Set<string>;
  sampleRate: number;
  snapshot: Uint8Array;
}

let engine: Promise<Engine> | undefined;

function loadEngine(): Promise<Engine> {
  engine ??= (async () => {
    const { default: initialize } = await import("@echogarden/espeak-ng-emscripten");
    const module = (await initialize()) as EspeakModule;
    const worker = withFrozenClock(() => new module.eSpeakNGWorker());
    const variants = new Set(module.FS.readdir(VARIANT_DIR).filter((f) => !f.startsWith(".")));
    // Two calls: the first overflows the string buffer, the second regrows it.
    for (let i = 0; i < 2; i++) withFrozenClock(() => synthesizeRaw(worker, "en-us", WARM_UP_TEXT));
    return { module, worker, variants, sampleRate: worker.get_samplerate(), snapshot: module.HEAPU8.slice() };
  })().catch((error: unknown) => {
    engine = undefined; // let a later call try again
    throw error;
  });
  return engine;
}

export interface EspeakSettings {
  language: string;
  variant?: string;
  rate: number;
  pitch: number;
  range: number;
}

export async function espeakSampleRate(): Promise<number> {
  return (await loadEngine()).sampleRate;
}

function synthesizeRaw(worker: EspeakWorker, voice: string, text: string, settings?: EspeakSettings): Int16Array[] {
  const status = worker.set_voice(voice);
  if (status !== 0) throw new Error(`espeak-ng rejected voice ${voice} (status ${status}).`);
  if (settings) {
    worker.set_rate(settings.rate);
    worker.set_pitch(settings.pitch);
    worker.set_range(settings.range);
  }
  const chunks: Int16Array[] = [];
  worker.synthesize(text, (samples) => {
    if (samples && samples.length) chunks.push(samples.slice()); // the engine reuses its buffer
    return 0; // keep going
  });
  return chunks;
}

/** Splits text into pieces of at most MAX_CHUNK_BYTES, at sentence ends where possible. */
export function chunkText(text: string): string[] {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let rest = text;
  while (encoder.encode(rest).length > MAX_CHUNK_BYTES) {
    // A UTF-16 unit is at most 3 UTF-8 bytes, so this window always fits.
    const window = rest.slice(0, Math.floor(MAX_CHUNK_BYTES / 3));
    const sentence = Math.max(window.lastIndexOf(". "), window.lastIndexOf("! "), window.lastIndexOf("? "));
    const space = window.lastIndexOf(" ");
    const cut = sentence > window.length / 2 ? sentence + 1 : space > window.length / 2 ? space : window.length;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Speaks the text; returns mono 16-bit samples at `espeakSampleRate()`. Same input, same samples. */
export async function espeakSynthesize(text: string, settings: EspeakSettings): Promise<Int16Array> {
  const { module, worker, variants, snapshot } = await loadEngine();
  if (settings.variant && !variants.has(settings.variant)) throw new Error(`Unknown espeak-ng variant: ${settings.variant}`);
  const voice = settings.variant ? `${settings.language}+${settings.variant}` : settings.language;
  const chunks: Int16Array[] = [];
  for (const piece of chunkText(text)) {
    withFrozenClock(() => {
      module.HEAPU8.set(snapshot);
      chunks.push(...synthesizeRaw(worker, voice, piece, settings));
    });
  }
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
