import { describe, expect, it } from "vitest";
import { APP_SHELL_FILE, siteFileFor } from "./prerendered-pages";

describe("siteFileFor", () => {
  it("answers a prerendered page with its own file", () => {
    expect(siteFileFor("/")).toBe("/index.html");
    expect(siteFileFor("/pricing")).toBe("/pricing.html");
    expect(siteFileFor("/pricing/")).toBe("/pricing.html");
    expect(siteFileFor("/showcase/search")).toBe("/showcase/search.html");
  });

  it("answers a signed-in frame with its own file", () => {
    expect(siteFileFor("/dashboard")).toBe("/dashboard.html");
    expect(siteFileFor("/screenplays/")).toBe("/screenplays.html");
  });

  it("answers every other path with the app shell", () => {
    expect(siteFileFor("/renders")).toBe(APP_SHELL_FILE);
    expect(siteFileFor("/showcase/01JABC")).toBe(APP_SHELL_FILE);
    expect(siteFileFor("/pricing/extra")).toBe(APP_SHELL_FILE);
  });
});
