import { timezoneLabel } from "./timezones";

describe("timezone labels", () => {
  it("names the city and its offset at that moment, never the raw zone id", () => {
    expect(timezoneLabel("Australia/Sydney", new Date("2026-11-26T12:00:00Z"))).toBe("Sydney (GMT+11)");
    expect(timezoneLabel("Australia/Sydney", new Date("2026-07-01T12:00:00Z"))).toBe("Sydney (GMT+10)");
    expect(timezoneLabel("America/Los_Angeles", new Date("2026-01-15T12:00:00Z"))).toBe("Los Angeles (GMT-8)");
    expect(timezoneLabel("Asia/Kolkata", new Date("2026-01-15T12:00:00Z"))).toBe("Kolkata (GMT+5:30)");
    expect(timezoneLabel("Not/A_Zone")).toBe("A Zone");
  });
});
