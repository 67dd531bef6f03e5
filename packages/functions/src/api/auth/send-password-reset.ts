import { sendPasswordResetCode } from "@storyboard/core/auth/password";
import { sendConfirmationSchema } from "@storyboard/core/auth/schema";
import { api } from "../../shared/handler";

/** The same answer whether or not an account exists for the e-mail. */
export const handler = api({ body: sendConfirmationSchema }, async ({ body }) => {
  await sendPasswordResetCode(body.email);
  return { message: "If an account exists for this email, we sent it a password reset code." };
});
