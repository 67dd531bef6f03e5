import { defaultNarrator, defaultRenderTitle, defaultRenderValues, initialVoices, speakingCharacters } from "./defaults";

const she = { subject: "she", object: "her", possessive: "her" };
const he = { subject: "he", object: "him", possessive: "his" };
const screenplay = {
  id: "sp-1",
  title: "Farmland",
  status: "ready",
  pageCount: 3,
  estimatedCost: 300,
  characterDictionary: {
    MARY: { isSpeaker: true, pronouns: she },
    TOM: { isSpeaker: true, pronouns: he },
    ANNA: { isSpeaker: true, pronouns: she },
    "OLD FARMER": { isSpeaker: false, pronouns: he },
  },
};
const voices = [
  { voice_id: "george", name: "George", labels: { gender: "male" } },
  { voice_id: "james", name: "James", labels: { gender: "male" } },
  { voice_id: "alice", name: "Alice", labels: { gender: "female" } },
  { voice_id: "rachel", name: "Rachel", labels: { gender: "female" } },
];

describe("prepare render defaults", () => {
  it("keeps voices carried over from an earlier draft, where the voice still exists and the character speaks", () => {
    const carried = {
      ...screenplay,
      characterVoices: { MARY: { voiceId: "alice", voiceName: "Alice" }, TOM: { voiceId: "gone" }, "OLD FARMER": { voiceId: "james" } },
    };
    const assigned = initialVoices(carried, voices);
    expect(assigned.MARY).toEqual({ voiceId: "alice", voiceName: "Alice" });
    expect(assigned.TOM.voiceId).not.toBe("gone");
    expect(assigned["OLD FARMER"]).toBeUndefined();
  });

  it("titles the render after the screenplay", () => {
    expect(defaultRenderTitle("Farmland")).toBe("Farmland Render");
  });

  it("gives voices only to speaking characters", () => {
    expect(speakingCharacters(screenplay).map((c) => c.name)).toEqual(["MARY", "TOM", "ANNA"]);
  });

  it("narrates with George, gives she a female voice and others a male one, distinct where possible", () => {
    const assigned = initialVoices(screenplay, voices);
    expect(assigned.NARRATOR).toEqual({ voiceId: "george", voiceName: "George" });
    // Mary and Anna speak as much: the first by name gets the first voice.
    expect(assigned.ANNA.voiceId).toBe("alice");
    expect(assigned.MARY.voiceId).toBe("rachel");
    // The narrator's voice is handed out last, so Tom gets James.
    expect(assigned.TOM.voiceId).toBe("james");
    expect(assigned["OLD FARMER"]).toBeUndefined();
  });

  it("falls back to the fixed George id when voices are unknown", () => {
    expect(defaultNarrator(undefined)).toEqual({ voiceId: "george", voiceName: "George" });
    expect(defaultNarrator([{ voice_id: "el-123", name: "George" }])).toEqual({ voiceId: "el-123", voiceName: "George" });
    expect(initialVoices(screenplay, undefined)).toEqual({ NARRATOR: { voiceId: "george", voiceName: "George" } });
  });

  it("starts cinematic, with both previews on and captions off", () => {
    const values = defaultRenderValues(screenplay, voices);
    expect(values).toMatchObject({
      screenplayId: "sp-1",
      title: "Farmland Render",
      style: "cinematic",
      previewDescriptionsBeforeFirstImages: true,
      previewImagesBeforeFirstRender: true,
      burnCaptions: false,
    });
  });
});
