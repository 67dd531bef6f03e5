import { describe, expect, it } from "vitest";
import { withActor } from "../actor";
import { saveMusicUpload } from "./upload";

/** The refusals decided before the file is even read (docs/decisions.md#music-uploads); the rest are in music.int.test.ts. */
const actor = { type: "user" as const, userId: "u-1", roles: [], sessionId: "s" };
const attempt = (input: Partial<Parameters<typeof saveMusicUpload>[0]>) =>
  withActor(actor, () => saveMusicUpload({ fileName: "theme.mp3", bytes: new Uint8Array(10), rightsConfirmed: true, ...input }));

describe("a music upload's first checks", () => {
  it("needs the rights confirmed", async () => {
    await expect(attempt({ rightsConfirmed: false })).rejects.toMatchObject({ code: "bad_request", message: "Confirm that you have the rights to use this music." });
  });
  it("takes MP3, WAV and M4A only", async () => {
    await expect(attempt({ fileName: "theme.flac" })).rejects.toMatchObject({ code: "unsupported_media_type", message: "Choose an MP3, WAV or M4A file." });
  });
  it("refuses a file over 20 MB, or one the form cut at the limit", async () => {
    await expect(attempt({ bytes: new Uint8Array(20 * 1024 * 1024 + 1) })).rejects.toMatchObject({ code: "payload_too_large", message: "The track must be 20 MB or smaller." });
    await expect(attempt({ truncated: true })).rejects.toMatchObject({ code: "payload_too_large" });
  });
  it("refuses an empty file", async () => {
    await expect(attempt({ bytes: new Uint8Array(0) })).rejects.toMatchObject({ code: "bad_request", message: /empty/ });
  });
});
