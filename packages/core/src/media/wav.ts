/**
 * RIFF/WAVE for 16-bit PCM: the offline speech engine hands us bare samples,
 * and the compile step reads durations back from the files.
 */

export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved 16-bit samples. */
  samples: Int16Array;
}

const HEADER_BYTES = 44;

/** The 44-byte header of a 16-bit PCM WAV with `dataBytes` of samples (RIFF's lengths stop at 4 GB). */
export function wavHeader(sampleRate: number, channels: number, dataBytes: number): Uint8Array {
  const out = new Uint8Array(HEADER_BYTES);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, Math.min(0xffffffff, 36 + dataBytes), true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true); // byte rate
  view.setUint16(32, channels * 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, Math.min(0xffffffff, dataBytes), true);
  return out;
}

export function encodeWav({ sampleRate, channels, samples }: PcmAudio): Uint8Array {
  const dataBytes = samples.length * 2;
  const out = new Uint8Array(HEADER_BYTES + dataBytes);
  out.set(wavHeader(sampleRate, channels, dataBytes));
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(HEADER_BYTES + i * 2, samples[i], true);
  return out;
}

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Offset and length of the sample data in the file. */
  dataOffset: number;
  dataBytes: number;
  durationMs: number;
}

/** Reads the header of a PCM WAV file (walking the chunks, so extra chunks are fine). */
export function readWavInfo(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < HEADER_BYTES || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("Not a RIFF/WAVE file.");
  let offset = 12;
  let format: { channels: number; sampleRate: number; bitsPerSample: number; audioFormat: number } | undefined;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt ") {
      format = {
        audioFormat: view.getUint16(offset + 8, true),
        channels: view.getUint16(offset + 10, true),
        sampleRate: view.getUint32(offset + 12, true),
        bitsPerSample: view.getUint16(offset + 22, true),
      };
    } else if (id === "data") {
      if (!format) throw new Error("WAV data chunk before its fmt chunk.");
      if (format.audioFormat !== 1) throw new Error(`Unsupported WAV format ${format.audioFormat} (PCM only).`);
      const dataBytes = Math.min(size, bytes.length - offset - 8);
      const frameBytes = format.channels * (format.bitsPerSample / 8);
      const durationMs = (dataBytes / frameBytes / format.sampleRate) * 1000;
      return { ...format, dataOffset: offset + 8, dataBytes, durationMs };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error("WAV file has no data chunk.");
}

/** Mono 16-bit silence of the given length. */
export function silentWav(durationMs: number, sampleRate: number): Uint8Array {
  return encodeWav({ sampleRate, channels: 1, samples: new Int16Array(Math.round((durationMs / 1000) * sampleRate)) });
}

/**
 * A PCM WAV's length in milliseconds from its first bytes and its size in all: what readWavInfo gives for the
 * whole file, without reading it. Undefined when the data chunk does not start within `head`.
 */
export function wavDurationFromHead(head: Uint8Array, totalBytes: number): number | undefined {
  let info: WavInfo;
  try {
    info = readWavInfo(head);
  } catch {
    return undefined;
  }
  const declared = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(info.dataOffset - 4, true);
  const dataBytes = Math.min(declared, totalBytes - info.dataOffset);
  return (dataBytes / (info.channels * (info.bitsPerSample / 8)) / info.sampleRate) * 1000;
}
