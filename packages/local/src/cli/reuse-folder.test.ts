import { carriedVoices } from "./reuse-folder";

describe("a --reuse render's voices", () => {
  const speakers = { MAYA: { isSpeaker: true }, IRIS: { isSpeaker: true }, GULL: { isSpeaker: false } };

  it("keeps the earlier render's voices for the characters who still speak and the narrator", () => {
    const earlier = { voices: { MAYA: "rachel", IRIS: "alice", THEO: "james", GULL: "ash", NARRATOR: "george" } };
    // THEO no longer speaks and GULL never did: neither is asked for; a new speaker is voiced as on a first render.
    expect(carriedVoices(earlier, speakers, "NARRATOR", {})).toEqual({ MAYA: "rachel", IRIS: "alice", NARRATOR: "george" });
  });

  it("lets --voice choose over the earlier render's voice", () => {
    expect(carriedVoices({ voices: { MAYA: "rachel", IRIS: "alice" } }, speakers, "NARRATOR", { IRIS: "sasha" })).toEqual({
      MAYA: "rachel",
      IRIS: "sasha",
    });
  });

  it("chooses only what --voice says for a folder written before voices were kept", () => {
    expect(carriedVoices({}, speakers, "NARRATOR", { MAYA: "quinn" })).toEqual({ MAYA: "quinn" });
    expect(carriedVoices(undefined, speakers, "NARRATOR", {})).toEqual({});
  });
});
