/** The reviewer's name, remembered in this browser so the next comment or visit need not ask again. */
const KEY = "reviewerName";

export function rememberedName(): string {
  try {
    return localStorage.getItem(KEY) ?? "";
  } catch {
    // Storage blocked (a private window): the reviewer types the name each time.
    return "";
  }
}

export function rememberName(name: string): void {
  try {
    localStorage.setItem(KEY, name.trim());
  } catch {
    // See rememberedName.
  }
}
