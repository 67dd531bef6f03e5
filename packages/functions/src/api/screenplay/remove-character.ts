import { removeCharacter } from "@storyboard/core/screenplay/character-edits";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => removeCharacter(params.id, params.characterName));
