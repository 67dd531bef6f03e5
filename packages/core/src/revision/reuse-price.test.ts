import type { Block } from "../screenplay/types";
import { quoteReuse, type EarlierRender } from "./reuse-price";

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(" ");
const blocks: Block[] = [{ id: "b0", type: "scene_heading", text: "INT. HALL - DAY" }];
for (let i = 1; i <= 40; i++)
  blocks.push({ id: `b${i}`, type: i % 2 ? "action" : "dialogue", text: words(50, `w${i}x`), ...(i % 2 ? {} : { character: "ROSE" }) });
const voices = { NARRATOR: { voiceId: "george" }, ROSE: { voiceId: "alice" } };

const rendered = (list: Block[], style = "noir", roseVoice = "alice"): EarlierRender => ({
  renderJobId: "r1",
  version: 3,
  style,
  blocks: list.map((b) => ({
    type: b.type,
    text: b.text,
    character: b.character,
    sceneHeading: "INT. HALL - DAY",
    voiceId: b.character ? roseVoice : "george",
    hasImage: true,
    hasAudio: true,
  })),
});

describe("the price of a render that reuses", () => {
  it("charges the new and changed blocks' words at the page rate, rounded up to whole pages", () => {
    const changed = blocks.map((b, i) => (i === 5 || i === 6 ? { ...b, text: `${b.text} more` } : b));
    const quote = quoteReuse({ blocks: changed, pageCount: 11, style: "noir", characterVoices: voices, earlier: [rendered(blocks)] });
    expect(quote).toMatchObject({
      blocks: 41,
      reused: 39,
      newWords: 102,
      cost: 100,
      fullCost: 1100,
      from: { renderJobId: "r1", version: 3 },
      newBlockIds: ["b5", "b6"],
    });
    const more = blocks.map((b, i) => (i > 0 && i <= 10 ? { ...b, text: `${b.text} more` } : b));
    expect(quoteReuse({ blocks: more, pageCount: 11, style: "noir", characterVoices: voices, earlier: [rendered(blocks)] }).cost).toBe(300);
  });

  it("reuses nothing for another style, and not the lines of a character whose voice changed", () => {
    expect(quoteReuse({ blocks, pageCount: 11, style: "comic", characterVoices: voices, earlier: [rendered(blocks)] })).toMatchObject({
      reused: 0,
      cost: 1100,
    });
    const quote = quoteReuse({
      blocks,
      pageCount: 11,
      style: "noir",
      characterVoices: voices,
      earlier: [rendered(blocks, "noir", "rachel")],
    });
    expect(quote.reused).toBe(21);
    expect(quote.cost).toBe(500);
  });

  it("costs the full price with nothing to reuse", () => {
    expect(quoteReuse({ blocks, pageCount: 11, style: "noir", characterVoices: voices, earlier: [] })).toMatchObject({
      reused: 0,
      cost: 1100,
      from: null,
      newBlockIds: [],
    });
  });
});
