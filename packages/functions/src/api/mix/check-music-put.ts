import { musicPutCheckSchema } from "@storyboard/core/mix/schema";
import { checkMusicPut } from "@storyboard/core/mix/upload";
import { api } from "../../shared/handler";

/** Checks a track the browser put in the bucket: kept, or refused and deleted (docs/decisions.md#music-uploads-straight-to-the-bucket). */
export const handler = api({ body: musicPutCheckSchema }, async ({ body, params }) => checkMusicPut(params.id, body));
