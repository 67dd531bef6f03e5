/** Upload file names, made safe to show, store and derive keys from. Browser-safe. */

/** Longest file name kept (most file systems' limit); longer ones keep their end, where the extension is. */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * The name a browser or a script sent, as the product keeps it: the last path
 * segment only ("C:\fakepath\x.fdx" is "x.fdx"), Unicode NFC, control and
 * invisible format characters removed, every kind of space a plain one,
 * spaces collapsed, and no leading or trailing spaces or dots (Windows drops
 * those). "x.fdx " and "x.fdx" are the same file. Returns "" when nothing is left.
 */
export function normaliseFileName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf("/"), raw.lastIndexOf("\\")) + 1);
  let name = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu, "")
    .replace(/[\p{Zs}\p{Zl}\p{Zp}]+/gu, " ")
    .trim()
    .replace(/^[. ]+/, "");
  while (name.endsWith(".") || name.endsWith(" ")) name = name.slice(0, -1);
  return name.length > MAX_FILE_NAME_LENGTH ? name.slice(name.length - MAX_FILE_NAME_LENGTH).trimStart() : name;
}
