import { providers } from "@storyboard/core/provider/registry";
import { api } from "../../shared/handler";

export const handler = api({}, async () => providers().voices.list());
