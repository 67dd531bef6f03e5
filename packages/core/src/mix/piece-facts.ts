/**
 * A kept mix piece's loudness and rolls as the name of an empty object in the store's facts folder
 * (`assets/{user}/{screenplay}/facts/mix/{key}~{samples}~{integrated}~{truePeak}~{head}~{tail}`), so a revision
 * learns every stored piece's from one listing instead of a read each, as the assets' facts do
 * (docs/decisions.md#a-pieces-loudness-from-a-listing). A −∞ figure (a silent piece) is written `n`.
 */
import type { PieceLoudness } from "./pieces";

const PREFIX = "mix/";
const figure = (n: number) => (Number.isFinite(n) ? String(n) : "n");
const parsed = (s: string) => (s === "n" ? Number.NEGATIVE_INFINITY : /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN);

/** The facts name of a piece kept with its rolls; undefined without them (its loudness file is read instead). */
export function pieceFactsName(key: string, loudness: PieceLoudness): string | undefined {
  if (!loudness.rolls) return undefined;
  return [
    `${PREFIX}${key}`,
    loudness.samples,
    figure(loudness.integrated),
    figure(loudness.truePeak),
    loudness.rolls.head,
    loudness.rolls.tail,
  ].join("~");
}

/** The piece key and its loudness a name of `pieceFactsName` carries; undefined for any other name. */
export function parsePieceFactsName(name: string): { key: string; loudness: PieceLoudness } | undefined {
  if (!name.startsWith(PREFIX)) return undefined;
  const [key, samples, integrated, truePeak, head, tail, ...rest] = name.slice(PREFIX.length).split("~");
  const hash = /^[0-9a-f]{64}$/;
  if (rest.length || !key || !/^\d+$/.test(samples ?? "") || !hash.test(head ?? "") || !hash.test(tail ?? "")) return undefined;
  const [i, t] = [parsed(integrated ?? ""), parsed(truePeak ?? "")];
  if (Number.isNaN(i) || Number.isNaN(t)) return undefined;
  return { key, loudness: { samples: Number(samples), integrated: i, truePeak: t, rolls: { head: head!, tail: tail! } } };
}
