import { publicEnvironment } from "@storyboard/core/public-environment";
import { api } from "../../shared/handler";

export const handler = api({}, async () => publicEnvironment());
