import { confirmEmailChange, emailChangeConfirmSchema } from "@storyboard/core/user/email-change";
import { api } from "../../shared/handler";

/** POST /api/user/email-change: the code from the new inbox moves the sign-in e-mail. */
export const handler = api({ body: emailChangeConfirmSchema }, async ({ body }) => confirmEmailChange(body));
