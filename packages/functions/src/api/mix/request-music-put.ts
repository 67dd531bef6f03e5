import { musicPutRequestSchema } from "@storyboard/core/mix/schema";
import { requestMusicPut } from "@storyboard/core/mix/upload";
import { api } from "../../shared/handler";

/** A presigned PUT for a track too large for the API's body (docs/decisions.md#music-uploads-straight-to-the-bucket). */
export const handler = api({ body: musicPutRequestSchema }, async ({ body }) => requestMusicPut(body));
