import { OFFLINE_VOICES } from "../provider/offline/voice-table";
import { DEFAULT_NARRATOR_VOICE_ID } from "../provider/types";
import { autoAssignVoices, sharedVoices, voiceGender, wantedVoiceGender } from "./voice-assignment";

const voices = [
  { voice_id: "george", name: "George", labels: { gender: "male" } },
  { voice_id: "m2", name: "Marcus", labels: { gender: "male" } },
  { voice_id: "m3", name: "Theo", labels: { gender: "male" } },
  { voice_id: "f1", name: "Ava", labels: { gender: "female" } },
  { voice_id: "f2", name: "Maya", labels: { gender: "female" } },
  { voice_id: "n1", name: "Robin", labels: { gender: "non-binary" } },
  { voice_id: "n2", name: "Sky", labels: {} },
];
const he = { subject: "he" };
const she = { subject: "she" };
const they = { subject: "they" };

describe("voice auto-assignment (docs/product.md#renders)", () => {
  it("treats other, missing or non-binary labels as neutral, and maps she/he/they to female/male/neutral", () => {
    expect(voices.map(voiceGender)).toEqual(["male", "male", "male", "female", "female", "neutral", "neutral"]);
    expect([she, he, they, undefined].map(wantedVoiceGender)).toEqual(["female", "male", "neutral", "neutral"]);
  });

  it("gives she a female, he a male and they a neutral voice", () => {
    const a = autoAssignVoices(
      [
        { name: "ANNA", pronouns: she },
        { name: "BEN", pronouns: he },
        { name: "CLERK", pronouns: they },
        { name: "DORA", pronouns: { subject: "She" } },
      ],
      voices,
      "george",
    );
    expect(a).toMatchObject({ ANNA: { voiceId: "f1" }, DORA: { voiceId: "f2" }, BEN: { voiceId: "m2" }, CLERK: { voiceId: "n1" } });
  });

  it("never gives the narrator's voice to a character, however many there are", () => {
    const men = Array.from({ length: 12 }, (_, i) => ({ name: `MAN ${i}`, pronouns: he }));
    const a = autoAssignVoices(men, voices, "george");
    expect(Object.values(a).map((v) => v.voiceId)).not.toContain("george");
    const offline = autoAssignVoices(
      men,
      [...OFFLINE_VOICES].map((v) => ({ voice_id: v.id, name: v.name, labels: { gender: v.gender } })),
      DEFAULT_NARRATOR_VOICE_ID,
    );
    expect(Object.values(offline).map((v) => v.voiceId)).not.toContain(DEFAULT_NARRATOR_VOICE_ID);
  });

  it("uses every other voice once before any voice repeats, borrowing the nearest kind first", () => {
    const men = Array.from({ length: 6 }, (_, i) => ({ name: `M${i}`, pronouns: he }));
    const a = autoAssignVoices(men, voices, "george");
    const ids = men.map((m) => a[m.name].voiceId);
    // Two male voices, then the neutral ones, then the female ones: six distinct voices for six men.
    expect(new Set(ids).size).toBe(6);
    expect(ids.slice(0, 2)).toEqual(["m2", "m3"]);
    expect(ids.slice(2, 4)).toEqual(["n1", "n2"]);
    const seventh = autoAssignVoices([...men, { name: "M6", pronouns: he }], voices, "george");
    expect(seventh.M6.voiceId).toMatch(/^m[23]$/);
  });

  it("serves the characters who speak most first, so a minor part is the one that shares", () => {
    const cast = [
      { name: "EXTRA", pronouns: she, lines: 1 },
      { name: "LEAD", pronouns: she, lines: 40 },
      { name: "SECOND", pronouns: she, lines: 12 },
    ];
    const onlyTwo = voices.filter((v) => voiceGender(v) === "female" || v.voice_id === "george");
    const a = autoAssignVoices(cast, onlyTwo, "george");
    expect(a.LEAD.voiceId).toBe("f1");
    expect(a.SECOND.voiceId).toBe("f2");
    // The extra shares with the character who speaks less of the two.
    expect(a.EXTRA.voiceId).toBe("f2");
    expect(sharedVoices(a)).toEqual([{ voiceId: "f2", names: ["SECOND", "EXTRA"] }]);
  });

  it("gives the same voices whatever order the table returns the characters in", () => {
    const cast = [
      { name: "BEA", pronouns: she, lines: 3 },
      { name: "ANNA", pronouns: she, lines: 3 },
      { name: "CARL", pronouns: he, lines: 3 },
    ];
    const forward = autoAssignVoices(cast, voices, "george");
    expect(autoAssignVoices([...cast].reverse(), voices, "george")).toEqual(forward);
    expect(forward.ANNA.voiceId).toBe("f1");
  });

  it("lists the narrator among those sharing a voice when a character was given it by hand", () => {
    expect(sharedVoices({ NARRATOR: { voiceId: "george" }, BOB: { voiceId: "george" }, ANN: { voiceId: "f1" } })).toEqual([
      { voiceId: "george", names: ["NARRATOR", "BOB"] },
    ]);
  });
});
