/** Who a block shows, read from its text alone: used by the describe step, the shots and the boards. Pure. */

/** Names of the characters a block shows: its speaker, or those its action line names. */
export function charactersInBlock(block: { type: string; text: string; character?: string | null }, names: string[]): string[] {
  if (block.character) return [block.character];
  if (block.type !== "action" && block.type !== "general" && block.type !== "shot") return [];
  const upper = block.text.toUpperCase();
  return names
    .filter((n) => new RegExp(`(^|[^\\p{L}])${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(upper))
    .slice(0, 4);
}
