import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { ShotEdit } from "@storyboard/core/board/schema";
import { ShotPicker, type ShotBlock } from "./shot-picker";

const blocks: ShotBlock[] = [
  {
    id: "b1",
    type: "scene_heading",
    text: "INT. OFFICE - NIGHT",
    character: null,
    shot: { size: "wide", angle: "eye_level", movement: "static", number: "1A" },
  },
  {
    id: "b2",
    type: "dialogue",
    text: "You came.",
    character: "MARA",
    shot: { size: "medium_close_up", angle: "over_the_shoulder", movement: "static", number: "1B" },
  },
  { id: "b3", type: "action", text: "Not yet described.", character: null, shot: null },
];

function Harness({ onChange }: { onChange: (id: string, edit: ShotEdit) => void }) {
  const [edits, setEdits] = useState<Record<string, ShotEdit>>({});
  return (
    <ShotPicker
      blocks={blocks}
      edits={edits}
      onChange={(id, edit) => {
        onChange(id, edit);
        setEdits((prev) => ({ ...prev, [id]: edit }));
      }}
    />
  );
}

describe("ShotPicker", () => {
  it("shows three selects per shot, under its number, with the stored shot chosen", () => {
    render(<Harness onChange={() => undefined} />);
    expect(screen.getByRole("heading", { name: "Shots (2)" })).toBeInTheDocument();
    expect(screen.getByText("1B")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Size of shot 1B" })).toHaveValue("medium_close_up");
    expect(screen.getByRole("combobox", { name: "Angle of shot 1B" })).toHaveValue("over_the_shoulder");
    expect(screen.getByRole("combobox", { name: "Movement of shot 1A" })).toHaveValue("static");
    expect(screen.getAllByRole("combobox")).toHaveLength(6);
  });

  it("reports a change as the block's whole shot", async () => {
    const changes: [string, ShotEdit][] = [];
    render(<Harness onChange={(id, edit) => changes.push([id, edit])} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Size of shot 1B" }), "Close-up");
    await user.selectOptions(screen.getByRole("combobox", { name: "Angle of shot 1B" }), "Low angle");
    expect(changes.at(-1)).toEqual(["b2", { size: "close_up", angle: "low", movement: "static" }]);
    expect(screen.getByRole("combobox", { name: "Size of shot 1B" })).toHaveValue("close_up");
  });
});
