import { getSettings } from "@storyboard/core/user/settings";
import { api } from "../../shared/handler";

export const handler = api({}, async () => getSettings());
