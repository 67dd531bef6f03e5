import { filterVoices, searchVoices, voiceCounts } from "./voices";

const voices = [
  { voice_id: "george", name: "George", labels: { gender: "male" } },
  { voice_id: "james", name: "James", labels: { gender: "Male" } },
  { voice_id: "alice", name: "Alice", labels: { gender: "female" } },
  { voice_id: "grace", name: "Grace", labels: { gender: "female" } },
  { voice_id: "river", name: "River", labels: { gender: "non-binary" } },
  { voice_id: "ash", name: "Ash", labels: {} },
];

describe("voice picker filters", () => {
  it("counts each gender; non-binary and missing labels are neutral", () => {
    expect(voiceCounts(voices)).toEqual({ all: 6, male: 2, female: 2, neutral: 2 });
  });

  it("searches names case-insensitively", () => {
    expect(searchVoices(voices, "g").map((v) => v.voice_id)).toEqual(["george", "grace"]);
    expect(searchVoices(voices, " RIV ").map((v) => v.voice_id)).toEqual(["river"]);
  });

  it("filters by gender after the search, with counts of the searched voices", () => {
    expect(filterVoices(voices, "", "female").voices.map((v) => v.name)).toEqual(["Alice", "Grace"]);
    expect(filterVoices(voices, "", "neutral").voices.map((v) => v.name)).toEqual(["River", "Ash"]);
    const searched = filterVoices(voices, "a", "male");
    expect(searched.voices.map((v) => v.name)).toEqual(["James"]);
    expect(searched.counts).toEqual({ all: 4, male: 1, female: 2, neutral: 1 });
    expect(filterVoices(voices, "zzz", "all")).toEqual({ voices: [], counts: { all: 0, male: 0, female: 0, neutral: 0 } });
  });
});
