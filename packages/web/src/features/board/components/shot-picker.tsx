import type { ShotEdit } from "@storyboard/core/board/schema";
import {
  SHOT_ANGLE_LABELS,
  SHOT_ANGLES,
  SHOT_MOVEMENT_LABELS,
  SHOT_MOVEMENTS,
  SHOT_SIZE_LABELS,
  SHOT_SIZES,
  type Shot,
} from "@storyboard/core/board/shot-vocabulary";

/** A visual block as the picker lists it. */
export interface ShotBlock {
  id: string;
  type: string;
  text: string;
  character: string | null;
  shot: Shot | null;
}

export interface ShotPickerProps {
  blocks: ShotBlock[];
  /** The writer's unsaved choices, by block id; a block without one shows its stored shot. */
  edits: Record<string, ShotEdit>;
  onChange: (blockId: string, edit: ShotEdit) => void;
}

const selectClass = "h-9 rounded-md border border-input bg-background px-2 text-sm";

/** Three selects per visual block (size, angle, movement), under its shot number (docs/decisions.md#shots). */
export function ShotPicker({ blocks, edits, onChange }: ShotPickerProps) {
  const shown = blocks.filter((b) => b.shot);
  return (
    <section aria-labelledby="shots-heading" className="flex flex-col gap-3">
      <h4 id="shots-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Shots ({shown.length})
      </h4>
      {shown.length === 0 && <p className="text-sm text-muted-foreground">The shots are chosen with the descriptions.</p>}
      <ol className="flex flex-col gap-3">
        {shown.map((block) => {
          const value: ShotEdit = edits[block.id] ?? { size: block.shot!.size, angle: block.shot!.angle, movement: block.shot!.movement };
          const set = (patch: Partial<ShotEdit>) => onChange(block.id, { ...value, ...patch });
          const number = block.shot!.number;
          return (
            <li key={block.id} className="grid gap-2 sm:grid-cols-[4rem_1fr]">
              <span className="font-mono text-sm font-semibold">{number}</span>
              <div className="grid gap-2">
                <p className="line-clamp-2 text-sm text-muted-foreground">
                  {block.character ? `${block.character}: ` : ""}
                  {block.text}
                </p>
                <div className="flex flex-wrap gap-2">
                  <select
                    aria-label={`Size of shot ${number}`}
                    className={selectClass}
                    value={value.size}
                    onChange={(e) => set({ size: e.target.value as ShotEdit["size"] })}
                  >
                    {SHOT_SIZES.map((s) => (
                      <option key={s} value={s}>
                        {SHOT_SIZE_LABELS[s]}
                      </option>
                    ))}
                  </select>
                  <select
                    aria-label={`Angle of shot ${number}`}
                    className={selectClass}
                    value={value.angle}
                    onChange={(e) => set({ angle: e.target.value as ShotEdit["angle"] })}
                  >
                    {SHOT_ANGLES.map((a) => (
                      <option key={a} value={a}>
                        {SHOT_ANGLE_LABELS[a]}
                      </option>
                    ))}
                  </select>
                  <select
                    aria-label={`Movement of shot ${number}`}
                    className={selectClass}
                    value={value.movement}
                    onChange={(e) => set({ movement: e.target.value as ShotEdit["movement"] })}
                  >
                    {SHOT_MOVEMENTS.map((m) => (
                      <option key={m} value={m}>
                        {SHOT_MOVEMENT_LABELS[m]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
