import { createTestUser } from "@storyboard/local/test/fixtures";

describe("GET /api/subscriptions", () => {
  it("lists the seeded plans in order, with prices in cents, hiding Test from everyone but admins", async () => {
    const visitor = await (await fetch(new URL("/api/subscriptions", process.env.API_URL))).json();
    expect(visitor.map((p: { name: string }) => p.name)).toEqual(["Starter", "Pro", "Studio", "Agency"]);
    const pro = visitor.find((p: { id: string }) => p.id === "pro");
    expect(pro).toMatchObject({ monthlyPrice: 7650, annualPrice: 73440, pointsPerMonth: 3000, monthlyPriceId: "storyboard_pro_monthly" });

    const admin = await createTestUser({ roles: ["admin"] });
    const seenByAdmin = await (await admin.call("/api/subscriptions")).json();
    expect(seenByAdmin[0].name).toBe("Test");
  });
});
