import { passwordIdentityOf } from "@storyboard/core/auth/identity";
import { AppError } from "@storyboard/core/error";
import { makeEvent } from "../../shared/test-event";
import { handler as registerHandler } from "./register";
import { call, latestCode, registration, uniqueEmail } from "./test-support";

// The account transaction fails after the Cognito identity was made (as a lost race would).
vi.mock("@storyboard/core/user/account", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@storyboard/core/user/account")>();
  return {
    ...actual,
    createAccount: vi.fn(async () => {
      throw AppError.conflict(actual.DUPLICATE_EMAIL_MESSAGE);
    }),
  };
});

describe("registration that fails after Cognito", () => {
  it("deletes the identity it made, so nothing is orphaned", async () => {
    const email = uniqueEmail("orphan");
    await call("POST", "/api/auth/send-confirmation", { json: { email } });
    const body = JSON.stringify(registration(email, { confirmationCode: await latestCode(email) }));
    const res = await registerHandler(makeEvent({ method: "POST", path: "/api/register", body, headers: { "content-type": "application/json" } }));
    expect(res.statusCode).toBe(409);
    expect(await passwordIdentityOf(email)).toBeUndefined();
  });
});
