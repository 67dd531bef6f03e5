/** The writer on the title page, per format, from small hand-made files (docs/decisions.md#the-writer-on-the-title-page). */
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseScreenplay } from "./parse";
import { writerFromCreditLines } from "./writer-credit";

const utf8 = (text: string) => new TextEncoder().encode(text);
const BODY_FDX = '<Content><Paragraph Type="Scene Heading"><Text>INT. ROOM - DAY</Text></Paragraph></Content>';
const fdx = (titlePage: string) =>
  `<FinalDraft DocumentType="Script" Version="5">${BODY_FDX}<TitlePage><Content>${titlePage}</Content></TitlePage></FinalDraft>`;
const fdxPara = (text: string) => `<Paragraph Type="General"><Text>${text}</Text></Paragraph>`;
const BODY_OSF = '<paragraphs><para><style basestyle="Scene Heading"/><text>INT. ROOM - DAY</text></para></paragraphs>';
const osf = (titlePage: string, info = "") =>
  `<?xml version="1.0"?><document version="50">${info}${BODY_OSF}<titlepage>${titlePage}</titlepage></document>`;
const osfPara = (text: string, bookmark = "") => `<para${bookmark ? ` bookmark="${bookmark}"` : ""}><text>${text}</text></para>`;
const fountain = (titlePage: string) => `${titlePage}\n\nINT. ROOM - DAY\n\nShe waits.\n`;

describe("the title page's writer", () => {
  it("Final Draft: 'Written by' over the name, 'by NAME', a paragraph with a line break, none", () => {
    const writer = (page: string) => parseScreenplay(utf8(fdx(page)), "x.fdx").writer;
    expect(writer(fdxPara("NIGHT SHIFT") + fdxPara("Written by") + fdxPara("Ada Lovelace") + fdxPara("ada@example.com"))).toBe(
      "Ada Lovelace",
    );
    expect(writer(fdxPara("NIGHT SHIFT") + fdxPara("by Grace Hopper"))).toBe("Grace Hopper");
    expect(
      writer(fdxPara("NIGHT SHIFT") + `<Paragraph><Text>Screenplay by</Text><Text>\n</Text><Text>Mary Shelley</Text></Paragraph>`),
    ).toBe("Mary Shelley");
    expect(writer(fdxPara("NIGHT SHIFT") + fdxPara("Draft 3"))).toBeUndefined();
    // The title is still the first paragraph.
    expect(parseScreenplay(utf8(fdx(fdxPara("NIGHT SHIFT") + fdxPara("Written by Ada"))), "x.fdx").title).toBe("NIGHT SHIFT");
  });

  it("Fountain: Author, Authors over lines, a Credit that names the writer, none", () => {
    const writer = (page: string) => parseScreenplay(utf8(fountain(page)), "x.fountain").writer;
    expect(writer("Title: Night Shift\nCredit: Written by\nAuthor: **Ada Lovelace**")).toBe("Ada Lovelace");
    expect(writer("Title: Night Shift\nCredit: Written by\nAuthors:\n    Ada Lovelace\n    Grace Hopper")).toBe(
      "Ada Lovelace & Grace Hopper",
    );
    expect(writer("Title: Night Shift\nCredit: Written by Mary Shelley")).toBe("Mary Shelley");
    expect(writer("Title: Night Shift\nDraft date: 1 May")).toBeUndefined();
    expect(writer("Title: Night Shift\nCredit: Written by")).toBeUndefined();
  });

  it("Open Screenplay Format: 'by NAME' on the title page, else <info written_by> or <info author>", () => {
    const writer = (xml: string) => parseScreenplay(utf8(xml), "x.osf").writer;
    expect(writer(osf(osfPara("Night Shift", "Title") + osfPara("by Ada Lovelace")))).toBe("Ada Lovelace");
    expect(writer(osf(osfPara("Night Shift", "Title") + osfPara("Written by") + osfPara("Grace Hopper")))).toBe("Grace Hopper");
    expect(writer(osf(osfPara("Night Shift", "Title"), '<info title="Night Shift" written_by="Mary Shelley"/>'))).toBe("Mary Shelley");
    expect(writer(osf(osfPara("Night Shift", "Title"), '<info title="Night Shift" author="Ada &amp; Grace"/>'))).toBe("Ada & Grace");
    expect(writer(osf(osfPara("Night Shift", "Title")))).toBeUndefined();
  });

  it("Fade In: the archive's title page credit", () => {
    const xml = osf(osfPara("Night Shift", "Title") + osfPara("Written by") + osfPara("Ada Lovelace"));
    const archive = zipSync({ "document.xml": [strToU8(xml), { level: 0 }] });
    expect(parseScreenplay(archive, "x.fadein")).toMatchObject({ format: "fadein", writer: "Ada Lovelace" });
  });

  it("reads a team over three lines and refuses what is not a name", () => {
    expect(writerFromCreditLines(["Written by", "Ada Lovelace", "&", "Grace Hopper"])).toBe("Ada Lovelace & Grace Hopper");
    expect(writerFromCreditLines(["Story by", "Written by", "Ada"])).toBe("Ada");
    expect(writerFromCreditLines(["Written by", "x".repeat(200)])).toBeUndefined();
    expect(writerFromCreditLines(["Bystander notes"])).toBeUndefined();
  });
});
