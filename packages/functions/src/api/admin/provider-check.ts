import { lastProviderCheck } from "@storyboard/core/provider/check-record";
import { api } from "../../shared/handler";

/** The last scheduled provider check, for Admin Fixes (null before the first run). */
export const handler = api({}, async () => ({ check: await lastProviderCheck() }));
