import { render, screen } from "@testing-library/react";
import { VoiceAssignment } from "./voice-assignment";

const voices = [
  { voice_id: "george", name: "George", preview_url: "", labels: { gender: "male" } },
  { voice_id: "alice", name: "Alice", preview_url: "", labels: { gender: "female" } },
];

const show = (value: Record<string, { voiceId: string }>) =>
  render(
    <VoiceAssignment characters={Object.keys(value)} value={value} onChange={() => {}} voices={voices} loading={false} failed={false} />,
  );

describe("the prepare screen's voice table (docs/product.md#renders)", () => {
  it("says where a voice had to be shared", () => {
    show({ NARRATOR: { voiceId: "george" }, ANNA: { voiceId: "alice" }, DORA: { voiceId: "alice" } });
    expect(screen.getByTestId("shared-voices")).toHaveTextContent("ANNA and DORA share the voice Alice");
  });

  it("warns when a character has the narrator's voice", () => {
    show({ NARRATOR: { voiceId: "george" }, BOB: { voiceId: "george" } });
    expect(screen.getByTestId("shared-voices")).toHaveTextContent(
      "Narrator and BOB share the voice George: that character will sound like the narration.",
    );
  });

  it("says nothing when every speaker has a voice of their own", () => {
    show({ NARRATOR: { voiceId: "george" }, ANNA: { voiceId: "alice" } });
    expect(screen.queryByTestId("shared-voices")).toBeNull();
  });
});
