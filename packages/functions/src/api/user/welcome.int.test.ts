import { createTestUser } from "@storyboard/local/test/fixtures";

/** The welcome dialog is remembered per account (issue 23): closed in one browser, gone in every other. */
describe("POST /api/user/welcome-dismissed", () => {
  it("remembers the first close on the account, which GET /api/user then reports", async () => {
    const user = await createTestUser();
    expect((await (await user.call("/api/user")).json()).welcomeDismissedAt).toBeNull();
    const first = await user.call("/api/user/welcome-dismissed", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(first.status).toBe(200);
    const { welcomeDismissedAt } = await first.json();
    expect(Number.isNaN(Date.parse(welcomeDismissedAt))).toBe(false);
    // Another browser of the same account: the same answer, the first time kept.
    const again = await user.call("/api/user/welcome-dismissed", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect((await again.json()).welcomeDismissedAt).toBe(welcomeDismissedAt);
    expect((await (await user.call("/api/user")).json()).welcomeDismissedAt).toBe(welcomeDismissedAt);
  });
});
