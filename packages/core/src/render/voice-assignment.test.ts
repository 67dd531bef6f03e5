import { autoAssignVoices, voiceGender } from "./voice-assignment";

const voices = [
  { voice_id: "george", name: "George", labels: { gender: "male" } },
  { voice_id: "m2", name: "Marcus", labels: { gender: "male" } },
  { voice_id: "m3", name: "Theo", labels: { gender: "male" } },
  { voice_id: "f1", name: "Ava", labels: { gender: "female" } },
  { voice_id: "f2", name: "Maya", labels: { gender: "female" } },
  { voice_id: "n1", name: "Robin", labels: { gender: "non-binary" } },
  { voice_id: "n2", name: "Sky", labels: {} },
];

describe("voice auto-assignment (docs/product.md#constants)", () => {
  it("treats other, missing or non-binary labels as neutral", () => {
    expect(voices.map(voiceGender)).toEqual(["male", "male", "male", "female", "female", "neutral", "neutral"]);
  });

  it("gives 'she' a female voice and everyone else a male one, distinct while they last", () => {
    const a = autoAssignVoices(
      [
        { name: "ANNA", pronouns: { subject: "she" } },
        { name: "BEN", pronouns: { subject: "he" } },
        { name: "CLERK", pronouns: { subject: "they" } },
        { name: "DORA", pronouns: { subject: "She" } },
      ],
      voices,
      "george",
    );
    expect(a.ANNA.voiceId).toBe("f1");
    expect(a.DORA.voiceId).toBe("f2");
    expect(a.BEN.voiceId).toBe("m2");
    expect(a.CLERK.voiceId).toBe("m3");
  });

  it("keeps the narrator's voice for last, then reuses voices in turn", () => {
    const men = ["A", "B", "C", "D"].map((name) => ({ name, pronouns: { subject: "he" } }));
    const a = autoAssignVoices(men, voices, "george");
    expect([a.A.voiceId, a.B.voiceId, a.C.voiceId, a.D.voiceId]).toEqual(["m2", "m3", "george", "m2"]);
  });

  it("falls back to any voice when a gender has none", () => {
    const a = autoAssignVoices([{ name: "X", pronouns: { subject: "she" } }], voices.filter((v) => v.labels.gender !== "female"));
    expect(a.X.voiceId).toBe("george");
  });
});
