import { deleteDraft } from "@storyboard/core/revision/drafts";
import { api, validate } from "../../shared/handler";
import { versionNumber } from "./version-number";

export const handler = api({}, async ({ params }) => deleteDraft(params.id, validate(versionNumber("requested"), params.version)));
