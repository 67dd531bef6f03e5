import { compareDrafts } from "@storyboard/core/revision/compare";
import { z } from "zod";
import { api } from "../../shared/handler";
import { versionNumber } from "./version-number";

const query = z.object({ from: versionNumber("earlier"), to: versionNumber("later") });

export const handler = api({ query }, async ({ params, query }) => compareDrafts(params.id, query.from, query.to));
