import { blockingGroup, isSwitchOn, withChanges } from "./constants";
import { completePreferences, shouldNotify } from "./preferences";

const user = (notificationPreferences: Record<string, boolean>) => ({ notificationPreferences });

describe("shouldNotify", () => {
  it("sends everything by default (missing preferences are true)", () => {
    for (const kind of ["renderStarted", "renderComplete", "renderFailure", "payment", "weeklyDigest", "marketing"] as const) {
      expect(shouldNotify(user({}), kind)).toBe(true);
    }
    expect(shouldNotify({ notificationPreferences: undefined }, "renderComplete")).toBe(true);
  });

  it("honours each render preference on its own", () => {
    expect(shouldNotify(user({ renderStarted: false }), "renderStarted")).toBe(false);
    expect(shouldNotify(user({ renderStarted: false }), "renderComplete")).toBe(true);
    expect(shouldNotify(user({ renderComplete: false }), "renderComplete")).toBe(false);
    expect(shouldNotify(user({ renderFailure: false }), "renderFailure")).toBe(false);
    expect(shouldNotify(user({ renderFailure: false }), "renderStarted")).toBe(true);
  });

  it("the render switch silences every render mail but not the others", () => {
    const p = user({ renderNotifications: false });
    expect(["renderStarted", "renderComplete", "renderFailure"].map((k) => shouldNotify(p, k as "renderStarted"))).toEqual([false, false, false]);
    expect(shouldNotify(p, "payment")).toBe(true);
  });

  it("the master switch silences everything", () => {
    const p = user({ emailNotifications: false });
    for (const kind of ["renderStarted", "renderComplete", "renderFailure", "payment", "weeklyDigest", "marketing"] as const) {
      expect(shouldNotify(p, kind)).toBe(false);
    }
  });

  it("completes stored preferences with defaults and ignores junk", () => {
    expect(completePreferences({ weeklyDigest: false, bogus: false } as Record<string, boolean>)).toEqual({
      renderStarted: true,
      renderComplete: true,
      payment: true,
      renderFailure: true,
      emailNotifications: true,
      marketingEmails: true,
      renderNotifications: true,
      weeklyDigest: false,
    });
  });
});

describe("one reading of the switches (Settings, unsubscribe and sending)", () => {
  it("a render e-mail's switch reads off while the render group is off, and names the group", () => {
    const stored = withChanges({}, { renderNotifications: false });
    expect(stored.renderComplete).toBe(true); // stored as it was: turning the group on brings it back
    expect(isSwitchOn(stored, "renderComplete")).toBe(false);
    expect(blockingGroup(stored, "renderComplete")).toBe("renderNotifications");
    expect(shouldNotify({ notificationPreferences: stored }, "renderComplete")).toBe(isSwitchOn(stored, "renderComplete"));
    expect(isSwitchOn(stored, "payment")).toBe(true);
  });

  it("the master switch blocks every other switch; a contact request reads it alone", () => {
    const stored = withChanges({ weeklyDigest: false }, { emailNotifications: false });
    expect(blockingGroup(stored, "renderStarted")).toBe("emailNotifications");
    expect(blockingGroup(stored, "emailNotifications")).toBeUndefined();
    expect(shouldNotify({ notificationPreferences: stored }, "contactRequest")).toBe(false);
    expect(shouldNotify({ notificationPreferences: { renderNotifications: false } }, "contactRequest")).toBe(true);
    expect(stored.weeklyDigest).toBe(false);
  });
});
