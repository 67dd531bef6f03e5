import { listOwnRenders } from "@storyboard/core/render/jobs";
import { api } from "../../shared/handler";

export const handler = api({}, async () => listOwnRenders());
