import { promptCoverage, readPrompt } from "./prompt-reading";

describe("what the offline image maker can follow (docs/product.md#renders)", () => {
  it("reads animals, objects, weather, light and setting from a prompt", () => {
    expect(readPrompt("Two dogs chase a cat past a bench in the rain at night, in the park")).toMatchObject({
      animals: [
        { species: "dog", shape: "small" },
        { species: "cat", shape: "small" },
      ],
      objects: ["bench"],
      weather: "rain",
      light: "night",
      exterior: "nature",
    });
  });

  it("lists objects in the order the text names them, so an insert shows the one its line is about", () => {
    expect(readPrompt("INSERT - a coffee cup on the desk, still steaming.").objects).toEqual(["cup", "table"]);
    expect(readPrompt("A desk, and on it a coffee cup.").objects).toEqual(["table", "cup"]);
  });

  it("says which words it will follow and which it cannot show, before anything is paid", () => {
    expect(promptCoverage("A terrier on a bench in the rain", [])).toEqual({ followed: ["terrier", "bench", "rain"], ignored: [] });
    expect(promptCoverage("AUTHOR wearing a red scarf", ["AUTHOR"])).toEqual({
      followed: ["author"],
      ignored: ["wearing", "red", "scarf"],
    });
  });
});
