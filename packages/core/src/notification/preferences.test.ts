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
