/**
 * The screenplay's cast in a fixed order: every block task reads the same
 * dictionary, so each gets the same index for a character (stored maps keep
 * no key order, so the dictionary's own order is not used). A character that
 * carries its place (`castIndex`, fixed by an earlier draft: revision/carry-over.ts)
 * keeps it, so a later draft whose new scene gives someone more lines does not
 * recolour every frame (docs/decisions.md#the-cast-keeps-its-places); the others
 * follow the highest place taken, most lines first, then by name.
 */
export function castOrder(dictionary: Record<string, { lines?: number; castIndex?: number }>): Map<string, number> {
  const entries = Object.entries(dictionary ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const places = new Map<string, number>();
  const taken = new Set<number>();
  for (const [name, { castIndex }] of entries) {
    if (castIndex === undefined || !Number.isInteger(castIndex) || castIndex < 0 || taken.has(castIndex)) continue;
    places.set(name, castIndex);
    taken.add(castIndex);
  }
  let next = taken.size ? Math.max(...taken) + 1 : 0;
  entries
    .filter(([name]) => !places.has(name))
    .sort(([, a], [, b]) => (b.lines ?? 0) - (a.lines ?? 0))
    .forEach(([name]) => places.set(name, next++));
  // In cast order, as callers list the names.
  return new Map([...places].sort(([, a], [, b]) => a - b));
}

/**
 * The places of a draft's cast given the places known from earlier drafts (`known`, by name, the names gone
 * since included): a known name keeps its place, the others follow the highest known place, most lines first,
 * then by name (docs/decisions.md#the-cast-keeps-its-places).
 */
export function placeCast(known: Record<string, number>, dictionary: Record<string, { lines?: number }>): Record<string, number> {
  const places = Object.fromEntries(Object.keys(dictionary).flatMap((name) => (name in known ? [[name, known[name]]] : [])));
  const newcomers = Object.fromEntries(Object.entries(dictionary).filter(([name]) => !(name in known)));
  let next = Math.max(-1, ...Object.values(known)) + 1;
  for (const name of castOrder(newcomers).keys()) places[name] = next++;
  return places;
}
