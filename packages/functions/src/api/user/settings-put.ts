import { updateSettings } from "@storyboard/core/user/settings";
import { api } from "../../shared/handler";

/** PUT /api/user/settings: core tells the three shapes apart (docs/product.md#accounts). */
export const handler = api({}, async ({ body }) => updateSettings(body));
