import { VISUAL_STYLES } from "@storyboard/core/catalog/styles";

/** A style's display name (spec §3 Visual styles); an unknown id shows as it is. */
export const styleName = (id: string | null | undefined) => VISUAL_STYLES.find((s) => s.id === id)?.name ?? id ?? "";
