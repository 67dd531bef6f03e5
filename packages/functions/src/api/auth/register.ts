import { register } from "@storyboard/core/auth/register";
import { registerRequestSchema } from "@storyboard/core/auth/schema";
import { api, validate } from "../../shared/handler";
import { readFields } from "./form-body";
import { signedIn } from "./signed-in";

export const handler = api({ bodyKind: "raw" }, async ({ event }) => {
  const input = validate(registerRequestSchema, await readFields(event, ["agreeToTerms"]));
  return signedIn(await register(input));
});
