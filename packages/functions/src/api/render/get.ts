import { getRenderDetail } from "@storyboard/core/render/detail";
import { api } from "../../shared/handler";

export const handler = api({ etag: true }, async ({ params }) => getRenderDetail(params.id));
