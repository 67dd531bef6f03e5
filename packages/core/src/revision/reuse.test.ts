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

  it("changes when a character in the shot gets a portrait, a new portrait or loses it, so a later draft redraws the frame", () => {
    const withPortrait = (hash?: string, key = "media/u1/ada.png") =>
      ({ ADA: { description: "A tired coder.", gender: "female", ...(hash ? { reference: { key, hash, source: "drawn" } } : {}) } }) as never;
    const none = imageReuseKey(job, frame("12B"));
    const first = imageReuseKey({ ...job, characterDictionary: withPortrait("hash-of-first-portrait") }, frame("12B"));
    const upload = imageReuseKey({ ...job, characterDictionary: withPortrait("hash-of-writer-upload") }, frame("12B"));
    expect(first).not.toBe(none);
    expect(upload).not.toBe(first);
    // The same picture kept elsewhere (another media key, the next draft's copy) is the same frame: only its bytes count.
    expect(imageReuseKey({ ...job, characterDictionary: withPortrait("hash-of-first-portrait", "media/u1/draft-2/ada.png") }, frame("12B"))).toBe(first);
  });

  it("ignores the portrait of a character the shot does not show", () => {
    const others = { ...(job.characterDictionary as object), JON: { description: "A courier.", gender: "male", reference: { key: "k", hash: "h1" } } } as never;
    const changed = { ...(job.characterDictionary as object), JON: { description: "A courier.", gender: "male", reference: { key: "k", hash: "h2" } } } as never;
    expect(imageReuseKey({ ...job, characterDictionary: others }, frame("12B"))).toBe(imageReuseKey({ ...job, characterDictionary: changed }, frame("12B")));
  });
});
