import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "../error";
import { MAX_UNPACKED_BYTES, MAX_UPLOAD_BYTES } from "./constants";
import { parseScreenplay } from "./parse";
import { readZipEntry } from "./zip";

const utf8 = (text: string) => new TextEncoder().encode(text);

function refusal(bytes: Uint8Array, fileName: string): AppError {
  try {
    parseScreenplay(bytes, fileName);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error(`${fileName} was accepted`);
}

const MINIMAL_FDX = (content: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<FinalDraft DocumentType="Script" Version="5"><Content>${content}</Content></FinalDraft>`;

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
]>
<FinalDraft DocumentType="Script" Version="5"><Content>
<Paragraph Type="Action"><Text>&lol9;</Text></Paragraph>
</Content></FinalDraft>`;

const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE FinalDraft [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<FinalDraft DocumentType="Script" Version="5"><Content>
<Paragraph Type="Action"><Text>&xxe;</Text></Paragraph>
</Content></FinalDraft>`;

/** A .fadein whose document.xml is ~32 MB of one repeated paragraph: tens of KB zipped. */
let bomb: Uint8Array | undefined;
function zipBomb(): Uint8Array {
  if (!bomb) {
    const para = '<para><style basestylename="Action"/><text>All work and no play makes Jack a dull boy.</text></para>';
    const body = para.repeat(Math.ceil((32 * 1024 * 1024) / para.length));
    const xml = `<document type="Open Screenplay Format document" version="50"><paragraphs>${body}</paragraphs></document>`;
    bomb = zipSync({ "document.xml": strToU8(xml) }, { level: 6 });
  }
  return bomb;
}

/** Rewrites every declared uncompressed size (central directory and local header) to `size`: a lying archive. */
function lieAboutSize(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  view.setUint32(22, size, true);
  for (let i = copy.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return copy;
}

/** Overwrites the last tenth of the compressed data, which inflates to the last ~3 MB of the 32. */
function corruptTail(zip: Uint8Array): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
  const size = view.getUint32(18, true);
  copy.fill(0xff, start + Math.floor(size * 0.9), start + size);
  return copy;
}

// Building a 32 MB document and zipping it takes a couple of seconds on a busy machine.
describe("parseScreenplay refuses bad input", () => {
  it("refuses an entity bomb (billion laughs) without expanding it", () => {
    const error = refusal(utf8(BILLION_LAUGHS), "bomb.fdx");
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^This file is not a Final Draft screenplay \(\.fdx\)\. It contains a DOCTYPE or ENTITY declaration/);
  });

  it("refuses an external entity (SYSTEM file:///etc/passwd)", () => {
    const error = refusal(utf8(EXTERNAL_ENTITY), "xxe.fdx");
    expect(error.status).toBe(400);
    expect(error.message).toContain("DOCTYPE or ENTITY declaration");
    expect(error.message).not.toContain("root:");
  });

  it("refuses an entity declaration in an OSF file too", () => {
    const osf = `<!DOCTYPE document SYSTEM "http://example.com/osf.dtd"><document version="50"><paragraphs/></document>`;
    expect(refusal(utf8(osf), "x.xml").message).toMatch(/^This file is not an Open Screenplay Format screenplay/);
  });

  it("refuses malformed XML, saying where", () => {
    const truncated = MINIMAL_FDX('<Paragraph Type="Action"><Text>Half a file').slice(0, -30);
    const error = refusal(utf8(truncated), "broken.fdx");
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^This file is not a Final Draft screenplay \(\.fdx\)\. Its XML is malformed: .*\(line \d+\)\.$/);
    const mismatched = refusal(utf8(MINIMAL_FDX('<Paragraph Type="Action"><Text>x</Paragraph>')), "x.fdx");
    expect(mismatched.message).toContain("</Paragraph> closes <Text>");
    expect(refusal(utf8(MINIMAL_FDX('<Paragraph Type="Action"><Text>Fish & chips</Text></Paragraph>')), "x.fdx").message)
      .toContain('a "&" is not part of an entity reference');
  });

  it("refuses an empty file", () => {
    for (const name of ["empty.fdx", "empty.xml", "empty.fountain", "empty.fadein"]) {
      const error = refusal(new Uint8Array(0), name);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/The file is empty\.$/);
    }
    expect(refusal(utf8("  \n\t\n"), "blank.fdx").message).toMatch(/The file is empty\.$/);
  });

  it("refuses a PDF renamed .fdx, saying what was expected", () => {
    const pdf = utf8("%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
    const error = refusal(pdf, "script.fdx");
    expect(error.status).toBe(415);
    expect(error.code).toBe("unsupported_media_type");
    expect(error.message).toMatch(/^This file is not a Final Draft screenplay \(\.fdx\)\. It is a PDF document\. Export the script/);
    expect(refusal(pdf, "script.fountain").message).toMatch(/^This file is not a Fountain screenplay \(\.fountain\)\. It is a PDF/);
    expect(refusal(pdf, "script.fadein").message).toMatch(/^This file is not a Fade In screenplay \(\.fadein\)\. It is a PDF/);
  });

  it("refuses a file over 10 MB before parsing it", () => {
    const big = new Uint8Array(11 * 1024 * 1024).fill(0x41);
    const error = refusal(big, "huge.fdx");
    expect(error.status).toBe(413);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toBe("The file is 11.0 MB; a screenplay can be at most 10 MB.");
    expect(() => parseScreenplay(new Uint8Array(MAX_UPLOAD_BYTES + 1), "x.fountain")).toThrow(/at most 10 MB/);
  });

  it("refuses a zip bomb .fadein from its declared size", () => {
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = refusal(bomb, "bomb.fadein");
    expect(error.status).toBe(413);
    expect(error.message).toBe("This fadein file unpacks to more than 20 MB, which is more than any screenplay needs.");
  }, 30_000);

  it("stops inflating a zip bomb that lies about its size once past the limit", () => {
    const liar = corruptTail(lieAboutSize(zipBomb(), 1000));
    // Control: read to the end, the damaged tail is noticed…
    expect(() => readZipEntry(liar, "document.xml", 100 * 1024 * 1024, "fadein")).toThrow(/damaged/);
    // …so a size refusal proves inflating stopped before reaching it.
    const error = refusal(liar, "liar.fadein");
    expect(error.status).toBe(413);
    expect(error.message).toBe("This fadein file unpacks to more than 20 MB, which is more than any screenplay needs.");
    expect(MAX_UNPACKED_BYTES).toBe(20 * 1024 * 1024);
  }, 30_000);

  it("refuses a .fadein that is not a zip, or has no document.xml", () => {
    expect(refusal(utf8("<document/>"), "x.fadein").message).toBe(
      "This file is not a Fade In screenplay (.fadein). A .fadein file is a zip archive, and this one is not.",
    );
    const noDocument = zipSync({ "other.xml": strToU8("<x/>") });
    expect(refusal(noDocument, "x.fadein").message).toBe("This file is not a Fade In screenplay (.fadein). The archive has no document.xml inside.");
  });

  it("refuses a file with no screenplay paragraphs", () => {
    const error = refusal(utf8(MINIMAL_FDX('<Paragraph Type="General"><Text>Just a note.</Text></Paragraph><Paragraph/>')), "notes.fdx");
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "This file is not a Final Draft screenplay (.fdx). It has no screenplay paragraphs (scene headings, action or dialogue).",
    );
    expect(refusal(utf8(MINIMAL_FDX("")), "empty-content.fdx").message).toContain("no screenplay paragraphs");
    const prose = "It was a bright cold day in April, and the clocks were striking thirteen.\n\nNothing else happened.";
    expect(refusal(utf8(prose), "novel.fountain").message).toBe(
      "This file is not a Fountain screenplay (.fountain). It has no scene headings and no dialogue, so it does not read as a screenplay.",
    );
  });

  it("refuses XML that is some other document", () => {
    const error = refusal(utf8('<?xml version="1.0"?><html><body>Hello</body></html>'), "page.fdx");
    expect(error.status).toBe(415);
    expect(error.message).toBe("This file is not a Final Draft screenplay (.fdx). It is an XML file whose root element is <html>, not <FinalDraft>.");
  });

  it("refuses binary junk", () => {
    const junk = new Uint8Array(4096);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 256;
    for (const name of ["junk.fdx", "junk.fountain"]) {
      const error = refusal(junk, name);
      expect(error.status).toBe(415);
      expect(error.message).toMatch(/It contains binary data, not screenplay text\./);
    }
  });

  it("refuses an extension it does not read", () => {
    const error = refusal(utf8("INT. HOUSE - DAY"), "script.docx");
    expect(error.status).toBe(415);
    expect(error.message).toBe("Unsupported file type. Please upload a .fdx, .xml, .osf, .fadein or .fountain file.");
  });
});
