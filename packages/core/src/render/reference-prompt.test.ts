import { describe, expect, it } from "vitest";
import { referencePrompt } from "./character-references";

describe("referencePrompt (docs/decisions.md#character-reference-images)", () => {
  it("asks for a person's whole figure, as before, so kept portraits keep their reuse keys", () => {
    expect(referencePrompt("MARA", "A lighthouse keeper in her sixties, oilskin coat.")).toBe(
      "Character reference sheet for MARA: A lighthouse keeper in her sixties, oilskin coat. " +
        "One person, full figure, standing, facing the camera, neutral expression, plain light background, even light, no text.",
    );
  });

  it("asks for the animal an animal's description names, never a person (every frame of it is drawn from this sheet)", () => {
    const prompt = referencePrompt("BISCUIT", "A scruffy terrier with one torn ear.");
    expect(prompt).not.toMatch(/person/i);
    expect(prompt).toContain("One terrier, whole body");
    // A person with an animal is still a person.
    expect(referencePrompt("TOM", "A farmer with a dog at his heels.")).toContain("One person, full figure");
  });
});
