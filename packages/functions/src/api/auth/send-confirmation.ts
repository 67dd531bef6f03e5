import { sendRegistrationCode } from "@storyboard/core/auth/register";
import { sendConfirmationSchema } from "@storyboard/core/auth/schema";
import { api } from "../../shared/handler";

export const handler = api({ body: sendConfirmationSchema }, async ({ body }) => {
  await sendRegistrationCode(body.email);
  return { message: "Confirmation code sent." };
});
