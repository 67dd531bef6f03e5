import { ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES } from "@storyboard/core/screenplay/constants";
import { formatFileSize } from "./format-file-size";
import { styleName } from "@storyboard/core/catalog/styles";
import { truncateTitle } from "../../../lib/truncate-title";
import { checkScreenplayFile, titleFromFileName } from "./upload-file";

describe("formatFileSize", () => {
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [1023, "1023 B"],
    [1024, "1.0 KB"],
    [1536, "1.5 KB"],
    [250_000, "244.1 KB"],
    [1024 * 1024 - 1, "1.0 MB"],
    [1024 * 1024, "1.0 MB"],
    [2.5 * 1024 * 1024, "2.5 MB"],
    [10 * 1024 * 1024, "10.0 MB"],
  ])("shows %d bytes as %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it("never shows a negative or non-numeric size", () => {
    expect(formatFileSize(-5)).toBe("0 B");
    expect(formatFileSize(Number.NaN)).toBe("0 B");
  });
});

describe("truncateTitle", () => {
  it("keeps titles of up to 25 characters whole", () => {
    expect(truncateTitle("Short")).toBe("Short");
    expect(truncateTitle("x".repeat(25))).toBe("x".repeat(25));
  });

  it("cuts longer titles at 25 characters and marks the cut", () => {
    expect(truncateTitle("abcdefghijklmnopqrstuvwxyz")).toBe("abcdefghijklmnopqrstuvwxy...");
    expect(truncateTitle("The Extraordinary Adventures of Farmland")).toBe("The Extraordinary Adventu...");
  });

  it("does not leave a space before the marker", () => {
    expect(truncateTitle("The Long Goodbye of the   Night")).toBe("The Long Goodbye of the...");
  });
});

describe("checkScreenplayFile", () => {
  it("accepts every extension of ACCEPTED_EXTENSIONS, in any case", () => {
    for (const ext of ACCEPTED_EXTENSIONS.split(",")) {
      expect(checkScreenplayFile({ name: `script${ext}`, size: 10 })).toBeNull();
      expect(checkScreenplayFile({ name: `SCRIPT${ext.toUpperCase()}`, size: 10 })).toBeNull();
    }
  });

  it("refuses other types with the spec's message naming the accepted list", () => {
    expect(checkScreenplayFile({ name: "notes.docx", size: 10 })).toEqual({
      title: "Invalid file type",
      description: "Please upload a .fdx, .xml, .osf, .fadein or .fountain file.",
    });
    expect(checkScreenplayFile({ name: "fdx", size: 10 })?.title).toBe("Invalid file type");
  });

  it("refuses files above 10 MB", () => {
    expect(checkScreenplayFile({ name: "big.fdx", size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkScreenplayFile({ name: "big.fdx", size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      title: "File too large",
      description: "File size should not exceed 10MB.",
    });
  });
});

describe("titleFromFileName", () => {
  it("drops only the last extension", () => {
    expect(titleFromFileName("Farmland.fdx")).toBe("Farmland");
    expect(titleFromFileName("my.draft.v2.xml")).toBe("my.draft.v2");
    expect(titleFromFileName("README")).toBe("README");
    expect(titleFromFileName(".fdx")).toBe(".fdx");
  });
});

describe("styleName", () => {
  it("names known styles and shows unknown ids as they are", () => {
    expect(styleName("noir")).toBe("Gritty Noir");
    expect(styleName("watercolour")).toBe("watercolour");
    expect(styleName(undefined)).toBe("");
  });
});
