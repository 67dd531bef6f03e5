import { resetPassword } from "@storyboard/core/auth/password";
import { resetPasswordRequestSchema } from "@storyboard/core/auth/schema";
import { api } from "../../shared/handler";
import { clientIp } from "../../shared/ip-limits";
import { signedIn } from "./signed-in";

export const handler = api({ body: resetPasswordRequestSchema }, async ({ body, event }) =>
  signedIn(await resetPassword(body.email, body.password, body.confirmationCode, clientIp(event))),
);
