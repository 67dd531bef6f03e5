/**
 * A render as a board: one panel per visual block, with its shot, its scene,
 * the lines of the script it covers and how long it holds. The storyboard PDF
 * and the shot list are both written from these panels.
 */
import { charactersInBlock } from "../render/characters-in-block";
import { hasMedia } from "../render/jobs";
import type { Shot } from "./shot-vocabulary";
import { shotsOf, type StoredBlock } from "./shots";

/** A line of the script as written: dialogue carries its speaker and parenthetical. */
export interface PanelLine {
  kind: "heading" | "action" | "dialogue" | "transition";
  text: string;
  character?: string;
  parenthetical?: string;
}

export interface Panel {
  blockId: string;
  sceneNumber: number;
  heading: string;
  shot: Shot;
  characters: string[];
  lines: PanelLine[];
  durationMs: number;
  /** The frame's entry name in the project zip (images/…). */
  frame: string;
}

export interface BoardBlock extends StoredBlock {
  sceneId?: string | null;
  /** Who its frame shows, as the describe step stored it (render/characters-in-block.ts presentInBlocks). */
  present?: string[] | null;
}

/**
 * The panels of a render, in script order. `clips` are the compiled clips by
 * block id (their hold and frame name); a block without one (no media) is not
 * a panel, but its parenthetical rides with the speech that follows and its
 * transition with the panel before.
 */
export function boardPanels(blocks: BoardBlock[], names: string[], clips: Map<string, { durationMs: number; frame: string }>): Panel[] {
  const shots = shotsOf(blocks, names);
  const panels: Panel[] = [];
  let sceneNumber = 0;
  let heading = "";
  let parenthetical: string | undefined;
  for (const block of blocks) {
    if (block.type === "scene_heading") {
      sceneNumber++;
      heading = block.text.trim();
    }
    if (block.type === "parenthetical") {
      parenthetical = block.text.trim();
      continue;
    }
    if (block.type === "transition") {
      panels.at(-1)?.lines.push({ kind: "transition", text: block.text.trim() });
      continue;
    }
    const clip = clips.get(block.blockId);
    const shot = shots.get(block.blockId);
    if (!hasMedia(block) || !clip || !shot) continue;
    const line: PanelLine =
      block.type === "dialogue"
        ? { kind: "dialogue", text: block.text.trim(), character: block.character ?? undefined, parenthetical }
        : { kind: block.type === "scene_heading" ? "heading" : "action", text: block.text.trim() };
    parenthetical = undefined;
    panels.push({
      blockId: block.blockId,
      sceneNumber: Math.max(sceneNumber, 1),
      heading,
      shot,
      characters: block.present ?? charactersInBlock(block, names),
      lines: [line],
      durationMs: clip.durationMs,
      frame: clip.frame,
    });
  }
  return panels;
}

/** "MARA (quietly): You came." as the script reads. */
export const lineText = (line: PanelLine) =>
  line.kind === "dialogue" ? `${line.character ?? ""}${line.parenthetical ? ` ${line.parenthetical}` : ""}: ${line.text}` : line.text;

/** Seconds with one decimal, as a board and a shot list show a hold. */
export const seconds = (ms: number) => (ms / 1000).toFixed(1);
