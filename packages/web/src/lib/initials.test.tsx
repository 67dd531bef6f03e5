import { initials } from "./initials";

describe("initials", () => {
  it("uses one letter for a single word", () => {
    expect(initials("Jane")).toBe("J");
  });
  it("uses the first and last words of a longer name", () => {
    expect(initials("Jane Q. Writer")).toBe("JW");
    expect(initials("  mary   ann  smith ")).toBe("MS");
  });
  it("falls back to the username when there is no full name", () => {
    expect(initials(null, "scriptfan")).toBe("S");
    expect(initials("   ", "john doe")).toBe("JD");
  });
  it("is U when there is no name at all", () => {
    expect(initials(undefined, undefined)).toBe("U");
    expect(initials("", "")).toBe("U");
  });
});
