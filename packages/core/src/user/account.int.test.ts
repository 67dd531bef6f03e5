import { randomUUID } from "node:crypto";
import { db } from "../dynamo/service";
import { createAccount, REFERRAL_PAYOUTS_PER_MONTH } from "./account";
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

describe("referral payouts", () => {
  const monthStart = () => {
    const d = new Date();
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  };
  const balance = async (userId: string) => (await db.entities.user.get({ userId }).go()).data!.points;

  it(`pays a referrer for at most ${REFERRAL_PAYOUTS_PER_MONTH} new accounts a month; the newcomer is welcomed either way`, async () => {
    const referrer = await createAccount({ email: email(), timezone: "UTC", identityId: randomUUID() });
    await db.entities.rateLimit
      .put({ key: `referral-payouts#${referrer.userId}`, windowStart: monthStart(), count: REFERRAL_PAYOUTS_PER_MONTH - 1 })
      .go();
    await createAccount({ email: email(), timezone: "UTC", identityId: randomUUID(), referralCode: referrer.referralCode });
    expect(await balance(referrer.userId)).toBe(500 + 500);
    const late = await createAccount({ email: email(), timezone: "UTC", identityId: randomUUID(), referralCode: referrer.referralCode });
    expect(late.points).toBe(500);
    expect(await balance(referrer.userId)).toBe(1000);
    const { data } = await db.entities.pointsLedger.query.byUser({ userId: referrer.userId }).go();
    expect(data.filter((e) => e.reason === "referral")).toHaveLength(1);
  });

  it("parallel sign-ups with one code never pay past the cap", async () => {
    const referrer = await createAccount({ email: email(), timezone: "UTC", identityId: randomUUID() });
    await db.entities.rateLimit
      .put({ key: `referral-payouts#${referrer.userId}`, windowStart: monthStart(), count: REFERRAL_PAYOUTS_PER_MONTH - 2 })
      .go();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        createAccount({ email: email(), timezone: "UTC", identityId: randomUUID(), referralCode: referrer.referralCode }),
      ),
    );
    expect(await balance(referrer.userId)).toBe(500 + 2 * 500);
  });
});
