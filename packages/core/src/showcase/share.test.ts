import { beforeEach, describe, expect, it, vi } from "vitest";
import { shareMetaTags } from "./share";

/** The stored entry the share page reads; only the fields the tags use. */
const stored = vi.hoisted(() => ({ entry: undefined as Record<string, unknown> | undefined }));
vi.mock("./entries", () => ({ getEntryItem: async () => stored.entry }));

const meta = (tags: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(tags)?.[1];
const size = (tags: string, prefix: "og:video" | "twitter:player") => [meta(tags, `${prefix}:width`), meta(tags, `${prefix}:height`)];

describe("the share card's player size", () => {
  beforeEach(() => {
    stored.entry = { showcaseEntryId: "e1", title: "Night Shift", videoUrl: "renders/r1/video.mp4", posterUrl: "renders/r1/poster.jpg" };
  });

  it("is upright, 720x1280, for a 9:16 entry, so a chat frames the player as the phone video it is", async () => {
    stored.entry = { ...stored.entry, aspect: "9:16" };
    const tags = (await shareMetaTags("e1"))!;
    expect(size(tags, "og:video")).toEqual(["720", "1280"]);
    expect(size(tags, "twitter:player")).toEqual(["720", "1280"]);
  });

  it("follows the other aspects too, and is 1280x720 for an entry made before aspects", async () => {
    stored.entry = { ...stored.entry, aspect: "4:5" };
    expect(size((await shareMetaTags("e1"))!, "og:video")).toEqual(["720", "900"]);
    stored.entry = { ...stored.entry, aspect: undefined };
    expect(size((await shareMetaTags("e1"))!, "og:video")).toEqual(["1280", "720"]);
  });
});
