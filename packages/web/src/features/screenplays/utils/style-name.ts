import { VISUAL_STYLES } from "@storyboard/core/catalog/styles";

/** A render style's display name (spec §3 Visual styles); unknown ids show as they are. */
export function styleName(id: string | null | undefined): string {
  if (!id) return "";
  return VISUAL_STYLES.find((s) => s.id === id)?.name ?? id;
}
