/**
 * The screenplay's cast in a fixed order, most lines first, then by name: every
 * block task reads the same dictionary, so each gets the same index for a
 * character (stored maps keep no key order, so the dictionary's own order is not used).
 */
export function castOrder(dictionary: Record<string, { lines?: number }>): Map<string, number> {
  const names = Object.keys(dictionary ?? {}).sort(
    (a, b) => (dictionary[b].lines ?? 0) - (dictionary[a].lines ?? 0) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return new Map(names.map((name, i) => [name, i]));
}
