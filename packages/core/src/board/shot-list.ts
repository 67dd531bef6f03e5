/**
 * `shot-list.csv`: one row per panel for a first AD's planning (docs/decisions.md#shot-list).
 * UTF-8 with a byte-order mark (Excel reads UTF-8 only with it; Numbers and
 * Google Sheets ignore it), a header row, RFC 4180 quoting (csv-stringify) and
 * CRLF line ends.
 */
import { stringify } from "csv-stringify/sync";
import { lineText, type Panel, seconds } from "./panels";
import { SHOT_ANGLE_LABELS, SHOT_MOVEMENT_LABELS, SHOT_SIZE_LABELS } from "./shot-vocabulary";

export const SHOT_LIST_COLUMNS = [
  "Scene",
  "Heading",
  "Shot",
  "Size",
  "Angle",
  "Movement",
  "Description",
  "Characters",
  "Dialogue",
  "Duration (s)",
  "Frame",
] as const;

const BOM = "\uFEFF";

/** A formula-looking cell (=, +, -, @) is prefixed so a spreadsheet shows it rather than runs it. */
const safe = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

export function shotListCsv(panels: Panel[]): string {
  const rows = panels.map((p) => {
    const dialogue = p.lines.filter((l) => l.kind === "dialogue");
    const description = p.lines.filter((l) => l.kind !== "dialogue");
    return [
      String(p.sceneNumber),
      p.heading,
      p.shot.number,
      SHOT_SIZE_LABELS[p.shot.size],
      SHOT_ANGLE_LABELS[p.shot.angle],
      SHOT_MOVEMENT_LABELS[p.shot.movement],
      description.map(lineText).join(" "),
      p.characters.join(", "),
      dialogue.map(lineText).join(" "),
      seconds(p.durationMs),
      p.frame,
    ].map(safe);
  });
  // A cell holding a line break is quoted too: the record delimiter is CRLF, so a lone LF (an action of several lines) would otherwise split the row.
  return BOM + stringify([[...SHOT_LIST_COLUMNS], ...rows], { record_delimiter: "windows", quoted_match: /[\r\n]/ });
}
