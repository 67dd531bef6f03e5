import { DEFAULT_ASPECT, imageContentKey, speechContentKey, type ImageKeyInput } from "./content-key";

const shot: ImageKeyInput = {
  userId: "u1",
  style: "noir",
  aspect: DEFAULT_ASPECT,
  prompt: "A programmer stares at the screen.",
  blockType: "action",
  text: "A PROGRAMMER stares at the screen.",
  scene: { heading: "INT. OFFICE - NIGHT", interior: true, location: "OFFICE", timeOfDay: "NIGHT" },
  characters: [{ name: "PROGRAMMER", gender: "female", castIndex: 0, description: "A tired coder." }],
};

describe("content keys", () => {
  it("are the same for the same inputs, whatever the order of their fields", () => {
    const reordered = Object.fromEntries(Object.entries(shot).reverse()) as unknown as ImageKeyInput;
    expect(imageContentKey(reordered)).toBe(imageContentKey(shot));
    expect(speechContentKey({ userId: "u1", text: "Hi.", voiceId: "v1" })).toBe(
      speechContentKey({ voiceId: "v1", text: "Hi.", userId: "u1" }),
    );
  });

  it.each([
    ["style", { style: "comic" }],
    ["aspect", { aspect: "9:16" }],
    ["prompt", { prompt: "A programmer sleeps." }],
    ["text", { text: "A PROGRAMMER sleeps." }],
    ["scene", { scene: { ...shot.scene!, timeOfDay: "DAY" } }],
    ["character description", { characters: [{ ...shot.characters[0], description: "A rested coder." }] }],
    ["owner", { userId: "u2" }],
  ])("change for an image when its %s changes", (_, change) => {
    expect(imageContentKey({ ...shot, ...change })).not.toBe(imageContentKey(shot));
  });

  it("change for speech when the words, the voice or the owner change", () => {
    const base = { userId: "u1", text: "What algorithm is this?", voiceId: "v1" };
    const key = speechContentKey(base);
    expect(speechContentKey({ ...base, voiceId: "v2" })).not.toBe(key);
    expect(speechContentKey({ ...base, text: "What algorithm is that?" })).not.toBe(key);
    expect(speechContentKey({ ...base, userId: "u2" })).not.toBe(key);
  });
});
