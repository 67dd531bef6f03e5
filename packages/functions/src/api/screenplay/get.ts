import { getScreenplayDetail } from "@storyboard/core/screenplay/records";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => getScreenplayDetail(params.id));
