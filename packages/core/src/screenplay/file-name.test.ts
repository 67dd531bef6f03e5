import { describe, expect, it } from "vitest";
import { normaliseFileName } from "./file-name";
import { formatForFileName } from "./parse";

describe("upload file names", () => {
  it.each([
    ["x.fdx ", "x.fdx"],
    ["  x.fdx\u200b\u00a0", "x.fdx"],
    ["C:\\fakepath\\Night Shift.fdx", "Night Shift.fdx"],
    ["../../etc/passwd.fdx", "passwd.fdx"],
    ["a\u0000b\u202e.fountain", "ab.fountain"],
    ["Cafe\u0301  Noir\t.xml", "Café Noir.xml"],
    ["draft.fdx...", "draft.fdx"],
    ["...hidden.fadein", "hidden.fadein"],
    [" \u200b ", ""],
  ])("%j becomes %j", (raw, expected) => {
    expect(normaliseFileName(raw)).toBe(expected);
  });

  it("keeps the end of a very long name, where the extension is", () => {
    const name = normaliseFileName(`${"a".repeat(400)}.fountain`);
    expect(name).toHaveLength(255);
    expect(formatForFileName(name)).toBe("fountain");
  });
});
