import { login } from "@storyboard/core/auth/password";
import { loginSchema } from "@storyboard/core/auth/schema";
import { api } from "../../shared/handler";
import { signedIn } from "./signed-in";

export const handler = api({ body: loginSchema }, async ({ body }) => signedIn(await login(body.email, body.password), body.rememberMe ?? false));
