import { login } from "@storyboard/core/auth/password";
import { loginSchema } from "@storyboard/core/auth/schema";
import { api } from "../../shared/handler";
import { clientIp } from "../../shared/ip-limits";
import { signedIn } from "./signed-in";

export const handler = api({ body: loginSchema }, async ({ body, event }) =>
  signedIn(await login(body.email, body.password, clientIp(event)), body.rememberMe ?? false),
);
