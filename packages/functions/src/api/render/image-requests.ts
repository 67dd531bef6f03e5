import { listImageRequests } from "@storyboard/core/render/on-demand-image";
import { api } from "../../shared/handler";

/** The render's on-demand frames, which the image picker polls while one is pending. */
export const handler = api({}, async ({ params }) => ({ items: await listImageRequests(params.id) }));
