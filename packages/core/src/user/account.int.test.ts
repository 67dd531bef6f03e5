import { randomUUID } from "node:crypto";
import { db } from "../dynamo/service";
import { createAccount } from "./account";
import { ownerOf } from "./user";

const email = () => `acct-${randomUUID().slice(0, 12)}@example.com`;

describe("createAccount", () => {
  it("writes the user, its claims and the welcome ledger entry together", async () => {
    const identityId = randomUUID();
    const user = await createAccount({ email: email(), timezone: "UTC", identityId });
    expect(user.points).toBe(500);
    expect(await ownerOf("email", user.email)).toBe(user.userId);
    expect(await ownerOf("username", user.username)).toBe(user.userId);
    expect(await ownerOf("identity", identityId)).toBe(user.userId);
    expect(await ownerOf("referralCode", user.referralCode)).toBe(user.userId);
    expect(user.unsubscribeToken.startsWith(`${user.userId}.`)).toBe(true);
    const { data } = await db.entities.pointsLedger.query.byUser({ userId: user.userId }).go();
    expect(data.map((e) => [e.delta, e.reason, e.comment])).toEqual([[500, "signup", "Welcome bonus"]]);
  });

  it("a taken e-mail cancels the whole transaction: 409 and no claim left behind", async () => {
    const first = await createAccount({ email: email(), timezone: "UTC", identityId: randomUUID() });
    const identityId = randomUUID();
    await expect(createAccount({ email: first.email, timezone: "UTC", identityId })).rejects.toMatchObject({
      status: 409,
      message: "An account with this email already exists.",
    });
    expect(await ownerOf("identity", identityId)).toBeUndefined();
  });

  it("a taken identity is a 409 too", async () => {
    const identityId = randomUUID();
    await createAccount({ email: email(), timezone: "UTC", identityId });
    await expect(createAccount({ email: email(), timezone: "UTC", identityId })).rejects.toMatchObject({ status: 409 });
  });
});
