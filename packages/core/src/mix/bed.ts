/**
 * The generated music bed (docs/decisions.md#the-sound-mix): per scene mood a
 * short loop of soft synthesised pads (four chords, each fading into the
 * next) with, for the lighter moods, a sparse bell-like motif. Made here from
 * sines, no samples from anywhere, and the same every time, so a render is
 * reproducible. The loop is seamless: every voice runs on its chord's own
 * clock, wrapped around the loop, so the last chord fades into the first.
 */
import { encodeWav } from "../media/wav";
import { MIX_RATE } from "./schema";

export const MOODS = ["neutral", "tense", "melancholy", "light-hearted", "tender", "quiet"] as const;
export type Mood = (typeof MOODS)[number];

interface MoodScore {
  /** MIDI notes of each of the four chords. */
  chords: number[][];
  /** Seconds per chord. */
  chordSeconds: number;
  /** Share of the second and third partials: brighter pads for lighter moods. */
  brightness: number;
  /** Amplitude wobble: a slow pulse for tension, none for calm. */
  pulseHz: number;
  pulseDepth: number;
  /** Bell notes (MIDI) spread evenly over the loop; empty for none. */
  motif: number[];
}

const SCORES: Record<Mood, MoodScore> = {
  neutral: {
    chords: [[48, 55, 64, 71], [45, 52, 60, 67], [41, 48, 57, 64], [43, 50, 59, 62]],
    chordSeconds: 4,
    brightness: 0.25,
    pulseHz: 0,
    pulseDepth: 0,
    motif: [],
  },
  tense: {
    chords: [[38, 45, 53, 57], [37, 44, 52, 56], [34, 46, 50, 53], [33, 45, 52, 61]],
    chordSeconds: 3,
    brightness: 0.35,
    pulseHz: 2,
    pulseDepth: 0.35,
    motif: [],
  },
  melancholy: {
    chords: [[45, 52, 60, 64], [41, 48, 57, 60], [36, 48, 55, 64], [40, 47, 56, 59]],
    chordSeconds: 5,
    brightness: 0.15,
    pulseHz: 0,
    pulseDepth: 0,
    motif: [76, 72, 71, 69],
  },
  "light-hearted": {
    chords: [[48, 60, 64, 67], [43, 59, 62, 67], [45, 57, 60, 64], [41, 57, 60, 65]],
    chordSeconds: 2.5,
    brightness: 0.3,
    pulseHz: 0,
    pulseDepth: 0,
    motif: [72, 76, 79, 76, 74, 72, 71, 72],
  },
  tender: {
    chords: [[41, 53, 57, 64], [40, 52, 55, 62], [38, 50, 53, 60], [36, 48, 55, 64]],
    chordSeconds: 4,
    brightness: 0.2,
    pulseHz: 0,
    pulseDepth: 0,
    motif: [69, 72, 67, 64],
  },
  quiet: {
    chords: [[38, 45, 57], [36, 43, 55], [41, 48, 60], [36, 43, 55]],
    chordSeconds: 6,
    brightness: 0.1,
    pulseHz: 0,
    pulseDepth: 0,
    motif: [],
  },
};

/** The mood's loop length in seconds. */
export const loopSeconds = (mood: Mood) => SCORES[mood].chords.length * SCORES[mood].chordSeconds;

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
/** The loop's RMS: about −20 dBFS, so the music level is set against a known loudness. */
const TARGET_RMS = 0.1;
/** Seconds each chord fades into the next. */
const CROSSFADE = 1.2;
/** Left and right voices are detuned by this many cents either way: width without a reverb. */
const DETUNE_CENTS = 4;

/** Equal-power fade: 0 → 1 over [−w, w]. */
const rise = (x: number, w: number) => (x <= -w ? 0 : x >= w ? 1 : Math.sin(((x + w) / (4 * w)) * Math.PI));

/** Interleaved stereo float samples of one loop of the mood, normalised to TARGET_RMS. */
export function synthesiseLoop(mood: Mood, rate = MIX_RATE): Float32Array {
  const score = SCORES[mood];
  const seconds = loopSeconds(mood);
  const frames = Math.round(seconds * rate);
  const out = new Float32Array(frames * 2);
  const detune = [2 ** (-DETUNE_CENTS / 1200), 2 ** (DETUNE_CENTS / 1200)];
  score.chords.forEach((chord, k) => {
    // The chord sounds from CROSSFADE before its start to CROSSFADE after its end, on its own clock,
    // written around the loop (its fade-in may fall at the loop's end), so the last chord fades into the first.
    const first = Math.round((k * score.chordSeconds - CROSSFADE) * rate);
    const length = Math.round((score.chordSeconds + 2 * CROSSFADE) * rate);
    const envelope = new Float32Array(length);
    for (let j = 0; j < length; j++) {
      const local = j / rate - CROSSFADE;
      envelope[j] = (rise(local, CROSSFADE) * (1 - rise(local - score.chordSeconds, CROSSFADE))) / chord.length;
    }
    for (let channel = 0; channel < 2; channel++) {
      for (const note of chord) {
        // A rotating phasor: one multiply-add per sample instead of a sine.
        const step = (2 * Math.PI * hz(note) * detune[channel]) / rate;
        const cosStep = Math.cos(step);
        const sinStep = Math.sin(step);
        let sin = Math.sin(-CROSSFADE * rate * step);
        let cos = Math.cos(-CROSSFADE * rate * step);
        const second = score.brightness * 2;
        const third = score.brightness * 0.4;
        addAround(out, first, length, channel, (j) => {
          const value = envelope[j] * (sin + second * sin * cos + third * sin * (3 - 4 * sin * sin));
          const nextSin = sin * cosStep + cos * sinStep;
          cos = cos * cosStep - sin * sinStep;
          sin = nextSin;
          return value;
        });
      }
    }
  });
  addMotif(out, score, seconds, rate);
  if (score.pulseDepth) {
    // A whole number of pulses per loop, so the loop stays seamless.
    const pulses = Math.round(score.pulseHz * seconds);
    for (let i = 0; i < frames; i++) {
      const gain = 1 - score.pulseDepth * 0.5 * (1 - Math.cos((2 * Math.PI * pulses * i) / frames));
      out[i * 2] *= gain;
      out[i * 2 + 1] *= gain;
    }
  }
  return normalise(out);
}

/** Soft bell notes: a sine and its octave, struck gently, decaying over about 1.5 s, wrapped around the loop. */
function addMotif(out: Float32Array, score: MoodScore, seconds: number, rate: number) {
  const decayFrames = Math.round(1.5 * rate);
  score.motif.forEach((note, n) => {
    const at = Math.round(((n * seconds) / score.motif.length) * rate);
    const f = hz(note);
    const bell = (j: number) => {
      const t = j / rate;
      const amplitude = 0.35 * Math.min(1, j / 200) * Math.exp(-j / decayFrames);
      return amplitude * (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t));
    };
    // A little to the right of centre.
    addAround(out, at, decayFrames * 3, 0, (j) => bell(j) * 0.9);
    addAround(out, at, decayFrames * 3, 1, bell);
  });
}

/**
 * Adds `value(j)` for j = 0…length−1 to one channel of the interleaved stereo
 * loop from frame `first` on, wrapping past the loop's end to its start (a
 * sound that starts near the end goes on at the top), in order of j.
 */
function addAround(out: Float32Array, first: number, length: number, channel: number, value: (j: number) => number) {
  const frames = out.length / 2;
  let i = (((first % frames) + frames) % frames) * 2 + channel;
  for (let j = 0; j < length; j++) {
    out[i] += value(j);
    i += 2;
    if (i >= out.length) i -= out.length;
  }
}

function normalise(samples: Float32Array): Float32Array {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / samples.length) || 1;
  const gain = TARGET_RMS / rms;
  for (let i = 0; i < samples.length; i++) samples[i] *= gain;
  return samples;
}

/** Made once per process (a warm Lambda, the local server): a loop is about 3 MB and the same every time. */
const made = new Map<string, Uint8Array>();

/** The loop as a 16-bit stereo WAV at the mix rate. */
export function moodLoopWav(mood: Mood, rate = MIX_RATE): Uint8Array {
  const key = `${mood}@${rate}`;
  let wav = made.get(key);
  if (!wav) made.set(key, (wav = encodeLoop(mood, rate)));
  return wav;
}

function encodeLoop(mood: Mood, rate: number): Uint8Array {
  const samples = synthesiseLoop(mood, rate);
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i] * 32767)));
  return encodeWav({ sampleRate: rate, channels: 2, samples: pcm });
}

/** The mood the story facts give a scene (render/story-facts.ts), as a score's name. */
export const moodOfScene = (mood: string | undefined): Mood => ((MOODS as readonly string[]).includes(mood ?? "") ? (mood as Mood) : "neutral");
