import { removeFeatured } from "@storyboard/core/showcase/featured";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => removeFeatured(params.id));
