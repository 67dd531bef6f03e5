import { imageReuseKey } from "./reuse";

const job = {
  userId: "u1",
  screenplayId: "s1",
  style: "noir",
  characterDictionary: { ADA: { description: "A tired coder.", gender: "female" } } as never,
};
const frame = (number: string, size = "medium") => ({
  prompt: "Ada stares at the screen.",
  blockType: "action",
  text: "ADA stares at the screen.",
  characters: [{ name: "ADA", gender: "female", castIndex: 0 }],
  shot: { size, angle: "eye_level", movement: "static", number },
});

describe("an image's reuse key", () => {
  it("keeps a frame whose shot was only renumbered (a scene inserted before it)", () => {
    expect(imageReuseKey(job, frame("12B"))).toBe(imageReuseKey(job, frame("13B")));
  });

  it("changes with the shot's framing, the style and the character's description", () => {
    const key = imageReuseKey(job, frame("12B"));
    expect(imageReuseKey(job, frame("12B", "close_up"))).not.toBe(key);
    expect(imageReuseKey({ ...job, style: "comic" }, frame("12B"))).not.toBe(key);
    const described = { ADA: { description: "A rested coder.", gender: "female" } } as never;
    expect(imageReuseKey({ ...job, characterDictionary: described }, frame("12B"))).not.toBe(key);
  });
});
