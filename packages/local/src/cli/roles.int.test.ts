import { db } from "@storyboard/core/dynamo/service";
import { createTestUser as createUser } from "../test/fixtures";
import { storyboard } from "../test/cli";


/** A test user whose e-mail is claimed, as sign-up does, so the CLI can find it. */
async function createTestUser() {
  const user = await createUser();
  await db.entities.unique.create({ kind: "email", value: user.email, ownerId: user.userId }).go();
  return user;
}

/** The command's own last line on stderr (Node may print warnings before it). */
const lastLine = (text: string) => text.trim().split("\n").pop();

describe("storyboard grant and revoke", () => {
  it("gives and takes a role, and the server checks it on the next request", async () => {
    const user = await createTestUser();
    const promote = () => user.call("/api/featured-showcase", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ showcaseEntryId: "none" }) });
    expect((await promote()).status).toBe(403);

    const granted = await storyboard(["grant", user.email.toUpperCase(), "admin"]);
        expect(granted.status).toBe(0);
    expect(granted.stdout).toContain(`Granted admin to ${user.email}`);
    expect((await promote()).status).toBe(404);
    const again = await storyboard(["grant", user.email, "admin"]);
    expect(again.stdout).toContain("Already had admin");

    const revoked = await storyboard(["revoke", user.email, "admin"]);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain("Roles now: (none).");
    expect((await promote()).status).toBe(403);
  });

  it("refuses unknown roles and accounts, explains its usage, and says when npm start is not running", async () => {
    const user = await createTestUser();
    const role = await storyboard(["grant", user.email, "owner"]);
    expect(role.status).toBe(1);
    expect(lastLine(role.stderr)).toBe('storyboard grant: Unknown role "owner". Roles: admin, features.');
    const nobody = await storyboard(["grant", "nobody-at-all@example.com", "features"]);
    expect(lastLine(nobody.stderr)).toBe("storyboard grant: No account has the e-mail nobody-at-all@example.com.");
    const usage = await storyboard(["revoke", user.email]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: storyboard grant|revoke EMAIL ROLE");
    const down = await storyboard(["grant", user.email, "features"], { DYNAMODB_ENDPOINT: "", LOCAL_DYNAMODB_PORT: "1" });
    expect(down.status).toBe(1);
    expect(down.stderr).toContain("Is npm start running?");
  });
});
