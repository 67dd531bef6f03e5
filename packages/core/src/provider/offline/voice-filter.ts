/**
 * A voice heard through a phone or a radio: a band-pass (two second-order
 * sections, the Audio EQ Cookbook's high- and low-pass), the radio narrower
 * and lightly clipped. Pure, on 16-bit mono samples.
 */
import type { SpeechFilter } from "./speech-plan";

const BANDS: Record<SpeechFilter, { low: number; high: number; drive: number }> = {
  phone: { low: 300, high: 3400, drive: 1.4 },
  radio: { low: 500, high: 2600, drive: 2.2 },
};

function biquad(input: Float64Array, sampleRate: number, frequency: number, kind: "low" | "high"): Float64Array {
  const w = (2 * Math.PI * frequency) / sampleRate;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const [b0, b1, b2] = kind === "low" ? [(1 - cos) / 2, 1 - cos, (1 - cos) / 2] : [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2];
  const [a0, a1, a2] = [1 + alpha, -2 * cos, 1 - alpha];
  const out = new Float64Array(input.length);
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    const y = (b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    out[i] = y;
  }
  return out;
}

export function bandPass(samples: Int16Array, sampleRate: number, filter: SpeechFilter): Int16Array {
  const { low, high, drive } = BANDS[filter];
  let signal: Float64Array = Float64Array.from(samples, (v) => v / 32768);
  for (let pass = 0; pass < 2; pass++) signal = biquad(biquad(signal, sampleRate, low, "high"), sampleRate, high, "low");
  // Soft clipping: the small speaker's edge.
  const norm = Math.tanh(drive);
  return Int16Array.from(signal, (v) => Math.round((Math.tanh(v * drive) / norm) * 32767 * 0.9));
}
