import { AppError } from "@storyboard/core/error";
import { providers } from "@storyboard/core/provider/registry";
import { api } from "../../shared/handler";
import { raw } from "../../shared/http";

/** A short sample of a catalogue voice, for the voice picker. */
export const handler = api({}, async ({ params }) => {
  const catalog = providers().voices;
  const voices = await catalog.list();
  if (!voices.some((v) => v.voice_id === params.id)) throw AppError.notFound("No voice has that id.");
  const audio = await catalog.preview(params.id);
  return raw(200, audio, catalog.previewContentType ?? "audio/wav", { "cache-control": "public, max-age=86400" });
});
