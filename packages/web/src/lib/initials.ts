/**
 * Avatar initials (docs/product.md#accounts header): from the full name, falling back to the
 * username; one letter for a single word, otherwise the first letters of the
 * first and last words; "U" when there is no name at all.
 */
export function initials(fullName?: string | null, username?: string | null): string {
  const name = (fullName ?? "").trim() || (username ?? "").trim();
  if (!name) return "U";
  const words = name.split(/\s+/).filter(Boolean);
  const first = [...words[0]][0] ?? "";
  if (words.length === 1) return first.toUpperCase();
  const last = [...words[words.length - 1]][0] ?? "";
  return (first + last).toUpperCase();
}
