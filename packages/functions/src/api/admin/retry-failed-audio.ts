import { retryFailedAudio } from "@storyboard/core/render/admin";
import { z } from "zod";
import { api } from "../../shared/handler";

const body = z.object({ renderJobId: z.string({ error: "Please enter a render job ID" }) });

export const handler = api({ body }, async ({ body }) => retryFailedAudio(body.renderJobId));
