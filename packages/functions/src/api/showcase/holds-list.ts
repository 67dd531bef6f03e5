import { listHolds } from "@storyboard/core/showcase/moderation-hold";
import { api } from "../../shared/handler";

export const handler = api({}, async () => listHolds());
