/**
 * Conformance over the real screenplay corpus (optional, beside the
 * repository: see `./fixtures/corpus.ts`). The expected scene counts and
 * speaking characters were counted by reading each file (the corpus's own
 * SOURCES.md lists where each came from), not copied from parser output.
 * Without the corpus the suite is skipped with one visible line.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseScreenplay } from "./parse";
import type { Block, ParsedScreenplay, ScreenplayFormat } from "./types";
import { CORPUS_DIR, CORPUS_SKIPPED, corpusAvailable } from "./fixtures/corpus";

const corpus = CORPUS_DIR;
const available = corpusAvailable();
// One visible line in the run's output when the suite cannot run.
if (!available) console.warn(CORPUS_SKIPPED);

interface Expectation {
  format: ScreenplayFormat;
  scenes: number;
  speakers: string[];
  title?: string;
}

const EXPECTED: Record<string, Expectation> = {
  // "Int. Bedroom - night", "EXT. House"; cues "Ben" and "BeN"; title page is FD's placeholder text.
  "fdx/logline_fd8-v1_split-runs_titlepage.fdx": { format: "fdx", scenes: 2, speakers: ["BEN"] },
  // No scene heading at all: one DualDialogue of GIRL and GUY.
  "fdx/screenplain_generated_dual-dialogue.fdx": { format: "fdx", scenes: 0, speakers: ["GIRL", "GUY"] },
  "fdx/screenplaytools_fadein-export_v2.fdx": { format: "fdx", scenes: 2, speakers: ["DJ", "DAVE", "JIM", "KAY"], title: "FDX Test Script" },
  "fdx/screenplaytools_fd-v5_outline_acts.fdx": { format: "fdx", scenes: 2, speakers: ["DJ", "DAVE", "JIM", "KAY"], title: "FDX Test Script" },
  "fdx/scripttool_fd-v3_sample04.fdx": { format: "fdx", scenes: 2, speakers: ["AUTHOR", "DOG"], title: "SAMPLE 04" },
  "fdx/scripttool_roundtrip_no-xmldecl_sample01.fdx": { format: "fdx", scenes: 1, speakers: ["PROGRAMMER"] },
  "fdx/scripttool_trelby-export_testplay01b.fdx": { format: "fdx", scenes: 2, speakers: ["PROGRAMMER"] },
  // 30 Scene Heading paragraphs (including "Later" and "Sadasdasdasdasd - DAY"); cues in any case.
  "fdx/storyboarder_fd-v3_rich_dual_scriptnotes.fdx": {
    format: "fdx",
    scenes: 30,
    speakers: ["HENRY", "DOCTOR", "GRIM FARMER", "WOEFUL FARMER", "NEIGHBOR", "WALTER", "BANK OFFICIAL", "LOUIS", "MARY", "ELIZABETH"],
    title: "FARMLAND",
  },
  // <info title="Untitled"> is a placeholder, not a title.
  "osf/osfsdk_osf-1.2_sample.xml": { format: "osf", scenes: 3, speakers: ["CHARACTER 1", "CHARACTER 2"] },
  "osf/scripttool_osf-2.0_v20_sample.xml": { format: "osf", scenes: 3, speakers: ["CHARACTER", "CHARACTER 2"], title: "Open Screenplay Format" },
  "osf/osfsdk_v2dir_OSF-2.0.xml_actually-version30.xml": { format: "osf", scenes: 3, speakers: ["CHARACTER", "CHARACTER 2"], title: "Open Screenplay Format" },
  "osf/osfsdk_osf-4.0_sample.xml": { format: "osf", scenes: 3, speakers: ["CHARACTER", "CHARACTER 2"], title: "Open Screenplay Format" },
  "osf/scripttool_osf-1.2_Screenplay_Sample.osf": { format: "osf", scenes: 2, speakers: ["FIRST CHARACTER", "SECOND CHARACTER"] },
  "osf/scripttool_fadein-3.0_v30_sample04.fadein": { format: "fadein", scenes: 2, speakers: ["AUTHOR", "DOG"], title: "SAMPLE 04" },
  "osf/screenplaytools_fadein-5.0_v50.fadein": { format: "fadein", scenes: 2, speakers: ["DJ", "DAVE", "JIM", "KAY"], title: "FDX Test Script" },
  // 190 INT./EXT./INT./EXT. headings plus two "EXT/INT." ones (lines 2446 and 3815).
  "fountain/Big-Fish.fountain": {
    format: "fountain",
    scenes: 192,
    speakers: [
      "A DEEP VOICE", "A GIRL'S VOICE", "A MAN'S VOICE", "A VOICE", "ADULT EDWARD", "AMOS", "BEAMEN", "CASHIER", "DON PRICE",
      "DR. BENNETT", "EDWARD", "EDWARD AND WILL", "GIRL", "HOT-BLOODED SHOTGUN TOTER", "JENNY", "JING", "JOSEPHINE",
      "JUMP LEADER", "KARL", "KID", "LITTLE BRAVE", "LITTLE GIRL", "MAN'S VOICE", "MAYOR", "MILDRED", "NORTHER WINSLOW",
      "NURSE", "PING", "RUTHIE", "SANDRA", "SHARECROPPER", "SHEPHARD", "SOME FARMER", "SON", "STUDENT", "TELLER WOMAN",
      "THE CROWD", "THE MAN", "VARIOUS TOWNFOLK", "VOICE", "WILBUR FREELY", "WILL", "WILL'S DATE", "WOMAN'S VOICE",
      "YOUNG DR. BENNETT", "YOUNG EDWARD", "YOUNG WILL", "ZACKY",
    ],
    title: "Big Fish",
  },
  // Six INT./EXT. headings plus the forced ".SNIPER SCOPE POV" and ".OPENING TITLES".
  "fountain/Brick-and-Steel.fountain": {
    format: "fountain",
    scenes: 8,
    speakers: ["STEEL", "BRICK", "JACK", "DAN", "COGNITO", "MINION", "HANDSOME MAN"],
    title: "BRICK & STEEL FULL RETIRED",
  },
  "fountain/screenplain_utf-8-bom.fountain": { format: "fountain", scenes: 1, speakers: ["GUY", "GURL"] },
  // The cue is "МАШ" in Cyrillic followed by a Latin "A".
  "fountain/afterwriting_cyrillic.fountain": { format: "fountain", scenes: 2, speakers: ["\u041c\u0410\u0428A"], title: "Лорем ипсум" },
  "fountain/afterwriting_jp.fountain": { format: "fountain", scenes: 1, speakers: ["ジョン"], title: "映画" },
};

const cache = new Map<string, ParsedScreenplay>();
function parse(relative: string): ParsedScreenplay {
  let parsed = cache.get(relative);
  if (!parsed) {
    parsed = parseScreenplay(new Uint8Array(readFileSync(path.join(corpus, relative))), path.basename(relative));
    cache.set(relative, parsed);
  }
  return parsed;
}

const texts = (blocks: Block[]) => blocks.map((b) => b.text).join("\n");
const speakersOf = (p: ParsedScreenplay) =>
  Object.entries(p.characterDictionary).filter(([, c]) => c.isSpeaker).map(([name]) => name).sort();

describe.skipIf(!available)("corpus conformance", () => {
  const files = available ? ["fdx", "osf", "fountain"].flatMap((dir) => readdirSync(path.join(corpus, dir)).map((f) => `${dir}/${f}`)) : [];

  it("has an expectation for every corpus file", () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, expected] of Object.entries(EXPECTED)) {
    describe(file, () => {
      it("parses with the expected format, title, scenes and speakers", () => {
        const parsed = parse(file);
        expect(parsed.format).toBe(expected.format);
        expect(parsed.title).toBe(expected.title);
        expect(Object.keys(parsed.sceneDictionary)).toHaveLength(expected.scenes);
        expect(parsed.blocks.filter((b) => b.type === "scene_heading")).toHaveLength(expected.scenes);
        expect(speakersOf(parsed)).toEqual([...expected.speakers].sort());
      });

      it("keeps the block invariants", () => {
        const parsed = parse(file);
        parsed.blocks.forEach((block, i) => {
          expect(block.id).toBe(`b${String(i + 1).padStart(4, "0")}`);
          expect(block.text.trim()).not.toBe("");
          expect(block.text).toBe(block.text.trim());
          const spoken = block.type === "dialogue" || block.type === "parenthetical";
          expect(Boolean(block.character)).toBe(spoken);
          if (block.character) expect(parsed.characterDictionary[block.character]).toBeDefined();
        });
        expect(parsed.pageCount).toBeGreaterThanOrEqual(1);
        expect(parsed.estimatedCost).toBe(parsed.pageCount * 100);
      });
    });
  }
});

describe.skipIf(!available)("corpus content", () => {
  it("joins the 7 text runs of one Final Draft action into one block", () => {
    const { blocks } = parse("fdx/logline_fd8-v1_split-runs_titlepage.fdx");
    expect(blocks[1]).toEqual({
      id: "b0002",
      type: "action",
      text: "A computer nerd in his late 20’s, BENJAMIN SANDOFSKY, hacks away at a ruby library for parsing Final Draft FDX files.",
    });
    expect(blocks[0].text).toBe("INT. BEDROOM - NIGHT");
    expect(blocks.filter((b) => b.character === "BEN").map((b) => b.text)).toEqual(["Eureka!", "Back to the drawing board."]);
    expect(texts(blocks)).not.toContain("Name of First Writer");
  });

  it("keeps both speeches of Final Draft dual dialogue, marked dual", () => {
    const simple = parse("fdx/screenplain_generated_dual-dialogue.fdx").blocks;
    expect(simple.map(({ character, text, dual }) => ({ character, text, dual }))).toEqual([
      { character: "GIRL", text: "Hey!", dual: true },
      { character: "GUY", text: "Hello!", dual: true },
    ]);
    const rich = parse("fdx/storyboarder_fd-v3_rich_dual_scriptnotes.fdx").blocks;
    const dual = rich.filter((b) => b.dual).map(({ character, text }) => ({ character, text }));
    expect(dual).toEqual([
      { character: "MARY", text: "But Daddy--" },
      { character: "LOUIS", text: "I said get!" },
    ]);
  });

  it("leaves Final Draft script notes, scene summaries and arc beats out of the text", () => {
    const parsed = parse("fdx/storyboarder_fd-v3_rich_dual_scriptnotes.fdx");
    const all = texts(parsed.blocks);
    for (const note of [
      "Near Plattsmouth Nebraska.",
      "Rivers nearby: Platte joins Missouri River",
      "This scene demonstrates the use of every default element in Final Draft.",
      "Cast List (rarely used outside of half-hour TV)",
      "Calm fields of wheat. Farmland. The heart of America.",
      "dark knight of the soul",
    ]) {
      expect(all).not.toContain(note);
    }
    // The file's ElementSettings style Shot (like Scene Heading and Transition) AllCaps.
    expect(parsed.blocks.find((b) => b.type === "shot")?.text).toBe("A ROCKY MOUNTAIN LOCUST LANDS ON HIS WIFE’S GRAVE MARKER.");
    expect(parsed.blocks.filter((b) => b.type === "transition").map((b) => b.text)).toContain("CUT TO:");
    // Mixed-case headings shown upper case by AllCaps styling.
    expect(parsed.sceneDictionary.b0002).toEqual({ heading: "EXT. MAST 2 3 FARM - NIGHT", interior: "EXT", location: "MAST 2 3 FARM", timeOfDay: "NIGHT" });
    // A line of dialogue with no character cue above it (a deliberate error in this file) is kept, unattributed.
    expect(parsed.blocks.find((b) => b.text === "This shouldn’t be here.")?.type).toBe("general");
    expect(parsed.characterDictionary.MARY.gender).toBe("female");
    expect(parsed.characterDictionary.WALTER.gender).toBe("male");
    expect(parsed.characterDictionary.HENRY.pronouns).toEqual({ subject: "he", object: "him", possessive: "his" });
  });

  it("keeps a literal line break and trims padding in a Trelby export", () => {
    const { blocks } = parse("fdx/scripttool_trelby-export_testplay01b.fdx");
    expect(blocks[1].text).toBe("A low slung industrial building in an industrial center.\nThe last car leaves the lot. Parking lot lights switch off.");
    expect(blocks[blocks.length - 1].text).toBe("THE END");
  });

  it("strips OSF pseudo-HTML formatting and never includes notes or synopses", () => {
    const { blocks } = parse("osf/osfsdk_osf-1.2_sample.xml");
    const all = texts(blocks);
    expect(all).toContain("Bold text Italic text Underlined text");
    expect(all).toContain("Bold-italic text Bold-italic-underlined text");
    expect(all).toContain("Various Font changes");
    expect(all).toContain("Green-highlighted text");
    expect(all).toContain("Text marked as a revision.");
    expect(all).not.toMatch(/[<>]/);
    expect(all).not.toContain("Note content");
    expect(all).not.toContain("Synopsis content");
    const dialogue = blocks.filter((b) => b.type === "dialogue").map(({ character, text, dual }) => ({ character, text, dual }));
    expect(dialogue).toEqual([
      { character: "CHARACTER 1", text: "Dialogue", dual: undefined },
      { character: "CHARACTER 2", text: "Dialogue", dual: undefined },
      { character: "CHARACTER 1", text: "Dual dialogue", dual: true },
      { character: "CHARACTER 2", text: "Dual dialogue", dual: true },
    ]);
  });

  it("reads OSF basestylename (v20, v30) and basestyle (v40) the same way", () => {
    const shape = (f: string) => parse(f).blocks.map(({ type, text, character }) => ({ type, text, character }));
    const v40 = shape("osf/osfsdk_osf-4.0_sample.xml");
    expect(v40.find((b) => b.text.startsWith("This is a line with a\n"))?.text).toBe("This is a line with a\nsoft return.");
    expect(v40.find((b) => b.type === "parenthetical")).toEqual({ type: "parenthetical", text: "(parenthetical)", character: "CHARACTER" });
    expect(shape("osf/osfsdk_v2dir_OSF-2.0.xml_actually-version30.xml").map((b) => b.type)).toEqual(v40.map((b) => b.type));
  });

  it("unpacks Fade In archives and upper-cases their headings", () => {
    const v50 = parse("osf/screenplaytools_fadein-5.0_v50.fadein");
    expect(v50.blocks.filter((b) => b.type === "scene_heading").map((b) => b.text)).toEqual(["INT. RADIO STUDIO", "EXT. OUTSIDE THE FOOD STORE"]);
    expect(v50.blocks.find((b) => b.type === "parenthetical")).toMatchObject({ text: "(bored)", character: "DJ" });
    const v30 = parse("osf/scripttool_fadein-3.0_v30_sample04.fadein");
    expect(v30.blocks[0]).toEqual({ id: "b0001", type: "transition", text: "FADE IN:" });
  });

  it("handles Fountain title pages, forced elements, centred text and dual dialogue", () => {
    const parsed = parse("fountain/Brick-and-Steel.fountain");
    const all = texts(parsed.blocks);
    expect(all).not.toContain("Stu Maschwitz");
    expect(all).not.toContain("Solvang");
    expect(all).not.toMatch(/[*_]/);
    const sniper = Object.values(parsed.sceneDictionary).find((s) => s.heading === "SNIPER SCOPE POV");
    expect(sniper).toEqual({ heading: "SNIPER SCOPE POV", interior: null, location: "SNIPER SCOPE POV", timeOfDay: null });
    expect(parsed.blocks.filter((b) => b.type === "transition").map((b) => b.text)).toEqual([
      "SMASH CUT TO:", "CUT TO:", "CUT TO:", "SMASH CUT TO:", "CUT TO:", "CUT TO:", "BURN TO PINK.",
    ]);
    expect(parsed.blocks.filter((b) => b.dual).map(({ character, text }) => ({ character, text }))).toEqual([
      { character: "STEEL", text: "Screw retirement." },
      { character: "BRICK", text: "Screw retirement." },
    ]);
    expect(all).toContain("BRICK BRADDOCK\n& DICK STEEL IN");
    expect(all).toContain("Did you know Brick and Steel are retired?");
    expect(parsed.blocks.find((b) => b.character === "JACK")).toMatchObject({ type: "parenthetical", text: "(in Vietnamese, subtitled)" });
  });

  it("reads a BOM and CRLF Fountain file", () => {
    const { blocks } = parse("fountain/screenplain_utf-8-bom.fountain");
    expect(blocks[0]).toEqual({ id: "b0001", type: "scene_heading", text: "EXT. SOMEWHERE - DAY" });
    expect(blocks.find((b) => b.character === "GURL")?.text).toBe("Nothing much.\nJust thinking.\nAnd you?");
  });

  it("reads Big Fish: extensions dropped, centred title kept as action, no title page", () => {
    const parsed = parse("fountain/Big-Fish.fountain");
    expect(Object.keys(parsed.characterDictionary)).not.toContain("EDWARD (V.O.)");
    expect(parsed.blocks.some((b) => b.type === "action" && b.text === "BIG FISH")).toBe(true);
    expect(texts(parsed.blocks)).not.toContain("Columbia Pictures");
    expect(parsed.pageCount).toBeGreaterThan(100);
    expect(parsed.characterDictionary.SANDRA.gender).toBe("female");
    expect(parsed.characterDictionary.EDWARD.gender).toBe("male");
  });

  it("recognises Cyrillic and Japanese scene headings and cues", () => {
    const ru = parse("fountain/afterwriting_cyrillic.fountain");
    expect(Object.values(ru.sceneDictionary)).toEqual([
      { heading: "ИНТ. КВАРТИРА МАШИ – СТОЛОВАЯ – ДЕНЬ", interior: "INT", location: "КВАРТИРА МАШИ – СТОЛОВАЯ", timeOfDay: "ДЕНЬ" },
      { heading: "ИНТ. КВАРТИРА МАШИ – КУХНЯ – ДЕНЬ", interior: "INT", location: "КВАРТИРА МАШИ – КУХНЯ", timeOfDay: "ДЕНЬ" },
    ]);
    expect(ru.blocks.find((b) => b.type === "parenthetical")?.text).toBe("(солута)");
    const jp = parse("fountain/afterwriting_jp.fountain");
    expect(Object.values(jp.sceneDictionary)).toEqual([{ heading: "INT。 病院-日", interior: "INT", location: "病院", timeOfDay: "日" }]);
    expect(jp.blocks.filter((b) => b.character === "ジョン").map((b) => b.text)).toEqual(["（失われた）", "この場所は何ですか？"]);
  });
});
