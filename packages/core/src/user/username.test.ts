import { usernameBase, usernameCandidate } from "./username";

describe("usernames", () => {
  it.each([
    ["Ada.Lovelace@example.com", "ada.lovelace"],
    ["grace+newsletter@example.com", "grace"],
    ["José.Núñez@example.com", "jose.nunez"],
    ["__x__@example.com", "x"],
    ["a very long local part that goes on@example.com", "averylonglocalpartth"],
    ["...@example.com", "user"],
    ["名前@example.jp", "user"],
    ["ends-with-dot-after-cut.xyz@example.com", "ends-with-dot-after"],
  ])("derives %s → %s", (email, base) => {
    expect(usernameBase(email)).toBe(base);
  });

  it("tries the base first, then the base with a growing numeric suffix", () => {
    expect(usernameCandidate("ada", 0)).toBe("ada");
    expect(usernameCandidate("ada", 1, () => 7)).toBe("ada007");
    expect(usernameCandidate("ada", 2, () => 42)).toBe("ada0042");
    expect(usernameCandidate("ada", 1)).toMatch(/^ada\d{3}$/);
  });
});
