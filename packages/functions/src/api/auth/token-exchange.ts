import { exchangeIdToken } from "@storyboard/core/auth/google";
import { tokenExchangeSchema } from "@storyboard/core/auth/schema";
import { api } from "../../shared/handler";
import { signedIn } from "./signed-in";

export const handler = api({ body: tokenExchangeSchema }, async ({ body }) => signedIn(await exchangeIdToken(body.idToken, body.referralCode)));
