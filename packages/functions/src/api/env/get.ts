import { publicEnvironment } from "@storyboard/core/catalog/environment";
import { api } from "../../shared/handler";

export const handler = api({}, async () => publicEnvironment());
