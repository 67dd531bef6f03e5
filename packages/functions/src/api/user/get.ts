import { currentUserOrNull, toUserView } from "@storyboard/core/user/user";
import { api } from "../../shared/handler";
import { Reply } from "../../shared/http";

/** The signed-in user, or 200 null when signed out (docs/product.md#accounts: no user means signed out). */
export const handler = api({}, async () => {
  const user = await currentUserOrNull();
  return new Reply(200, user ? toUserView(user) : null);
});
