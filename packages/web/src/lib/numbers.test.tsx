import { formatChange, formatCount, formatPoints } from "./numbers";

describe("number formats", () => {
  it("groups thousands and signs changes the same way everywhere", () => {
    expect(formatCount(3613)).toBe("3,613");
    expect(formatCount(613)).toBe("613");
    expect(formatChange(2000)).toBe("+2,000");
    expect(formatChange(-1700)).toBe("-1,700");
    expect(formatChange(0)).toBe("0");
    expect(formatPoints(1)).toBe("1 point");
    expect(formatPoints(11200)).toBe("11,200 points");
  });
});
