import { describe, expect, it } from "vitest";
import { OfflineTextProvider } from "../provider/offline/text";
import { shotWords } from "./prompt-words";

describe("prompts state the shot", () => {
  it("in the words image models follow", () => {
    expect(shotWords({ size: "close_up", angle: "low", movement: "push_in" })).toBe(
      "Close-up, a face with head and shoulders filling the frame, low-angle shot looking up at the subject, slow push-in",
    );
    expect(shotWords({ size: "insert", angle: "eye_level", movement: "static" })).toMatch(/object alone.*no people/);
  });

  it("the offline writer opens its prompt with the block's shot", async () => {
    const prompt = await new OfflineTextProvider().imagePrompt({
      block: { id: "b1", type: "action", text: "She checks the ledger." },
      style: "noir",
      characters: [],
      shot: { size: "wide", angle: "high", movement: "static" },
    });
    expect(
      prompt.startsWith("Wide shot, the whole set and everyone in it, figures small, high-angle shot looking down on the subject."),
    ).toBe(true);
  });
});
