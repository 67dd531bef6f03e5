/** Format details the corpus does not show (or shows only once), with hand-made files. */
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseScreenplay } from "./parse";

const utf8 = (text: string) => new TextEncoder().encode(text);
const fdx = (content: string, extra = "") =>
  `<FinalDraft DocumentType="Script" Version="5"><Content>${content}</Content>${extra}</FinalDraft>`;
const osf = (paragraphs: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?><document type="Open Screenplay Format document" version="50">${extra}<paragraphs>${paragraphs}</paragraphs></document>`;

describe("Final Draft details", () => {
  it("decodes entities and character references without a DTD", () => {
    const parsed = parseScreenplay(
      utf8(
        fdx('<Paragraph Type="Action"><Text>Fish &amp; chips &lt;hot&gt; &quot;now&quot; &#39;ok&#39; &#x2014; &#8212;</Text></Paragraph>'),
      ),
      "x.fdx",
    );
    expect(parsed.blocks[0].text).toBe("Fish & chips <hot> \"now\" 'ok' — —");
  });

  it("turns U+2028 and CRLF into line breaks and skips empty paragraphs", () => {
    const parsed = parseScreenplay(
      utf8(
        fdx(
          '<Paragraph Type="Action"><Text>One\u2028two\r\nthree</Text></Paragraph><Paragraph Type="Action"><Text>  </Text></Paragraph><Paragraph Type="Action"/>',
        ),
      ),
      "x.fdx",
    );
    expect(parsed.blocks).toEqual([{ id: "b0001", type: "action", text: "One\ntwo\nthree" }]);
  });

  it("keeps whitespace inside runs while ignoring the indentation between elements", () => {
    const xml = fdx(
      '\n  <Paragraph Type="Action">\n    <Text>one</Text>\n    <Text>\n</Text><Text>two </Text>\n    <Text> three</Text>\n  </Paragraph>\n',
    );
    expect(parseScreenplay(utf8(xml), "x.fdx").blocks[0].text).toBe("one\ntwo three");
  });

  it("applies AllCaps run styling and upper-cases headings and cues", () => {
    const parsed = parseScreenplay(
      utf8(
        fdx(
          '<Paragraph Type="Action"><Text Style="Bold+AllCaps">fade in:</Text></Paragraph>' +
            '<Paragraph Type="Scene Heading"><Text>int. barn - </Text><Text>dusk</Text></Paragraph>' +
            '<Paragraph Type="Character"><Text>old Man (O.S.)</Text></Paragraph><Paragraph Type="Dialogue"><Text>Who is there?</Text></Paragraph>',
        ),
      ),
      "x.fdx",
    );
    expect(parsed.blocks.map((b) => b.text)).toEqual(["FADE IN:", "INT. BARN - DUSK", "Who is there?"]);
    expect(parsed.blocks[2].character).toBe("OLD MAN");
  });

  it("reads an action paragraph set centred as a title card", () => {
    const parsed = parseScreenplay(
      utf8(
        fdx(
          '<Paragraph Type="Action" Alignment="Center"><Text>THE END</Text></Paragraph>' +
            '<Paragraph Type="Action"><Text>Rain.</Text></Paragraph><Paragraph Type="Transition" Alignment="Center"><Text>FADE OUT.</Text></Paragraph>',
        ),
      ),
      "x.fdx",
    );
    expect(parsed.blocks.map((b) => [b.text, b.centred ?? false])).toEqual([
      ["THE END", true],
      ["Rain.", false],
      ["FADE OUT.", false],
    ]);
  });

  it("keeps a character cue with no dialogue as a non-speaking character", () => {
    const parsed = parseScreenplay(
      utf8(fdx('<Paragraph Type="Character"><Text>GHOST</Text></Paragraph><Paragraph Type="Action"><Text>Silence.</Text></Paragraph>')),
      "x.fdx",
    );
    expect(parsed.characterDictionary.GHOST).toMatchObject({ isSpeaker: false, description: "" });
    expect(parsed.blocks).toEqual([{ id: "b0001", type: "action", text: "Silence." }]);
  });

  it("reads Windows-1252 files that say so, and UTF-16 with a byte order mark", () => {
    const latin = new Uint8Array([
      ...utf8('<?xml version="1.0" encoding="windows-1252"?><FinalDraft><Content><Paragraph Type="Action"><Text>Caf'),
      0xe9,
      0x20,
      0x93,
      0x6f,
      0x6b,
      0x94,
      ...utf8("</Text></Paragraph></Content></FinalDraft>"),
    ]);
    expect(parseScreenplay(latin, "x.fdx").blocks[0].text).toBe("Café “ok”");
    const text = fdx('<Paragraph Type="Action"><Text>Привет</Text></Paragraph>');
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) ((utf16[2 + i * 2] = text.charCodeAt(i) & 0xff), (utf16[3 + i * 2] = text.charCodeAt(i) >> 8));
    expect(parseScreenplay(utf16, "x.fdx").blocks[0].text).toBe("Привет");
  });

  it("treats names that exist on every JavaScript object as plain text", () => {
    const parsed = parseScreenplay(
      utf8(
        fdx(
          '<Paragraph Type="constructor"><Text>&constructor; &toString;</Text></Paragraph><Paragraph Type="Action"><Text>x</Text></Paragraph>',
        ),
      ),
      "x.fdx",
    );
    expect(parsed.blocks[0]).toEqual({ id: "b0001", type: "general", text: "&constructor; &toString;" });
  });

  it("accepts Final Draft XML uploaded as .xml", () => {
    const parsed = parseScreenplay(utf8(fdx('<Paragraph Type="Scene Heading"><Text>INT. A - DAY</Text></Paragraph>')), "x.xml");
    expect(parsed.format).toBe("fdx");
  });
});

describe("Open Screenplay Format details", () => {
  it("reads an action paragraph centred by its own style or a declared one (Fade In's 'Title') as a title card", () => {
    const parsed = parseScreenplay(
      utf8(
        osf(
          '<para><style basestyle="Action" align="center"/><text>THE END</text></para>' +
            '<para><style basestyle="Title"/><text>TWO YEARS LATER</text></para>' +
            '<para><style basestyle="Action"/><text>Rain.</text></para>',
          '<styles><style name="Title" basestyle="Action" align="center"/></styles>',
        ),
      ),
      "x.osf",
    );
    expect(parsed.blocks.map((b) => [b.text, b.centred ?? false])).toEqual([
      ["THE END", true],
      ["TWO YEARS LATER", true],
      ["Rain.", false],
    ]);
  });

  it("reads style by basestylename, basestyle and name, and custom styles by their base", () => {
    const parsed = parseScreenplay(
      utf8(
        osf(
          '<para><style basestylename="Scene Heading"/><text>int. a - day</text></para>' +
            '<para><style basestyle="Action"/><text>Two.</text></para>' +
            '<para><style name="Action" font="Courier"/><text>Three.</text></para>' +
            '<para><style basestyle="Aside"/><text>Four.</text></para>' +
            '<para><style basestyle="Unknown"/><text>Five.</text></para>',
          '<styles><style name="Aside" basestyle="Shot" allcaps="1"/></styles>',
        ),
      ),
      "x.osf",
    );
    expect(parsed.blocks.map(({ type, text }) => ({ type, text }))).toEqual([
      { type: "scene_heading", text: "INT. A - DAY" },
      { type: "action", text: "Two." },
      { type: "action", text: "Three." },
      { type: "shot", text: "FOUR." },
      { type: "general", text: "Five." },
    ]);
  });

  it("joins runs, strips escaped pseudo-HTML and keeps a literal angle bracket", () => {
    const parsed = parseScreenplay(
      utf8(
        osf(
          '<para><style basestyle="Action"/><text>&lt;b&gt;Loud&lt;/b&gt; </text><text bold="1">and </text><text>&lt;font="Arial"&gt;clear&lt;/font&gt; &lt;3</text></para>',
        ),
      ),
      "x.xml",
    );
    expect(parsed.blocks[0].text).toBe("Loud and clear <3");
  });

  it("pairs dual dialogue from the flagged speech and the next one", () => {
    const speech = (name: string, line: string, flag = "") =>
      `<para><style basestyle="Character"${flag}/><text>${name}</text></para><para><style basestyle="Dialogue"/><text>${line}</text></para>`;
    const parsed = parseScreenplay(
      utf8(osf(speech("A", "one") + speech("B", "two", ' dualdialogue="1"') + speech("C", "three") + speech("D", "four"))),
      "x.xml",
    );
    expect(parsed.blocks.map((b) => [b.character, b.dual ?? false])).toEqual([
      ["A", false],
      ["B", true],
      ["C", true],
      ["D", false],
    ]);
  });

  it("takes the title from the title page, then <info>, ignoring placeholders", () => {
    const page = (title: string) =>
      `<titlepage><para bookmark="Title"><style basestyle="Normal Text"/><text>${title}</text></para></titlepage>`;
    const body = '<para><style basestyle="Action"/><text>x</text></para>';
    const withPage = `<?xml version="1.0"?><document version="40"><info title="From Info"/><paragraphs>${body}</paragraphs>${page("Real Title")}</document>`;
    expect(parseScreenplay(utf8(withPage), "x.xml").title).toBe("Real Title");
    const infoOnly = `<document version="12"><info title="From Info"/><paragraphs>${body}</paragraphs></document>`;
    expect(parseScreenplay(utf8(infoOnly), "x.xml").title).toBe("From Info");
    const placeholder = `<document version="12"><info title="Untitled Screenplay"/><paragraphs>${body}</paragraphs></document>`;
    expect(parseScreenplay(utf8(placeholder), "x.xml").title).toBeUndefined();
  });

  it("reads a stored (uncompressed) .fadein archive", () => {
    const xml = osf('<para><style basestyle="Scene Heading"/><text>EXT. SEA - DAY</text></para>');
    const archive = zipSync({ "document.xml": [strToU8(xml), { level: 0 }] });
    expect(parseScreenplay(archive, "x.fadein")).toMatchObject({ format: "fadein", blocks: [{ text: "EXT. SEA - DAY" }] });
  });
});

describe("Fountain details", () => {
  const parse = (text: string) => parseScreenplay(utf8(text), "x.fountain");

  it("never puts notes or boneyard in the text", () => {
    const parsed = parse(
      "INT. HOUSE - DAY\n\nJohn enters. [[He should limp.]] He sits.\n\n/* A cut scene\n\nEXT. GONE - NIGHT\n\nNobody reads this. */\n\n" +
        "JOHN\nHello. [[beat]]\n[[A note on its own line\nover two lines]]\nGoodbye.\n",
    );
    const all = parsed.blocks.map((b) => b.text).join("\n");
    expect(all).not.toMatch(/limp|cut scene|GONE|Nobody|beat|note on/);
    expect(parsed.blocks.map(({ type, text }) => [type, text])).toEqual([
      ["scene_heading", "INT. HOUSE - DAY"],
      ["action", "John enters. He sits."],
      ["dialogue", "Hello.\nGoodbye."],
    ]);
  });

  it("reads forced elements, sections, synopses, page breaks and scene numbers", () => {
    const parsed = parse(
      "Title: **The Test**\nAuthor: Me\n\n# Act One\n\n= Where it starts.\n\n.flashback\n\nINT. HOUSE - DAY #12A#\n\n" +
        "!SHOUTING IN ACTION\nstays action\n\n@McCLANE\nYippee.\n\n===\n\n> FADE OUT.\n\n> THE END <\n\nCUT TO:\n",
    );
    expect(parsed.title).toBe("The Test");
    expect(parsed.blocks.map(({ type, text }) => [type, text])).toEqual([
      ["scene_heading", "FLASHBACK"],
      ["scene_heading", "INT. HOUSE - DAY"],
      ["action", "SHOUTING IN ACTION\nstays action"],
      ["dialogue", "Yippee."],
      ["transition", "FADE OUT."],
      ["action", "THE END"],
      ["transition", "CUT TO:"],
    ]);
    expect(parsed.characterDictionary.MCCLANE.isSpeaker).toBe(true);
  });

  it("treats an upper-case line followed by a blank line as action, not a character", () => {
    const parsed = parse("INT. HOUSE - DAY\n\nBOOM!\n\nA RIVER.\n\nIt flows.\n");
    expect(parsed.blocks.map((b) => b.type)).toEqual(["scene_heading", "action", "action", "action"]);
    expect(parsed.characterDictionary).toEqual({});
  });

  it("marks both halves of ^ dual dialogue", () => {
    const parsed = parse("INT. HOUSE - DAY\n\nANNA\n(quietly)\nNo.\n\nBEN ^\nYes.\n\nCARL\nMaybe.\n");
    expect(parsed.blocks.filter((b) => b.character).map((b) => [b.character, b.type, b.dual ?? false])).toEqual([
      ["ANNA", "parenthetical", true],
      ["ANNA", "dialogue", true],
      ["BEN", "dialogue", true],
      ["CARL", "dialogue", false],
    ]);
  });

  it("pairs ^ with the speech before it in every shape of cue, and never marks a speech with no partner", () => {
    const parsed = parse(
      "INT. HOUSE - DAY\n\n@McCLANE (V.O.)\n~Yippee ki-yay.\n\nHANS (CONT'D)^\n(calmly)\nNo.\n\nShe leaves.\n\nDORA ^\nAlone.\n\n" +
        "EVE\r\nOne.\r\n\r\nFAY ^  \r\nTwo.\r\n",
    );
    expect(parsed.blocks.filter((b) => b.type === "dialogue").map((b) => [b.character, b.dual ?? false])).toEqual([
      ["MCCLANE", true],
      ["HANS", true],
      ["DORA", false],
      ["EVE", true],
      ["FAY", true],
    ]);
  });

  it("keeps escaped emphasis characters", () => {
    expect(parse("INT. A - DAY\n\nThe sign says \\*OPEN\\* and *means* it.\n").blocks[1].text).toBe("The sign says *OPEN* and means it.");
  });

  it("handles a file of only CR line endings", () => {
    expect(parse("INT. A - DAY\r\rJOE\rHi.\r").blocks.map((b) => b.text)).toEqual(["INT. A - DAY", "Hi."]);
  });
});
