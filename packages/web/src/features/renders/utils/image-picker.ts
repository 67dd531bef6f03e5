/** The image picker's list (docs/product.md#renders): case-insensitive search by block text, 8 blocks per page. */
export const IMAGE_PICKER_PAGE_SIZE = 8;

export function searchBlocks<B extends { text: string }>(blocks: readonly B[], search: string): B[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...blocks];
  return blocks.filter((b) => b.text.toLowerCase().includes(needle));
}

export interface Page<T> {
  items: T[];
  page: number;
  pages: number;
}

/** Page `page` (1-based, clamped into range) of `items`. */
export function pageOf<T>(items: readonly T[], page: number, size = IMAGE_PICKER_PAGE_SIZE): Page<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

/** The page on which the block with this id appears, so the picker opens where the chosen block is. */
export function pageContaining<B extends { id: string }>(items: readonly B[], id: string | undefined, size = IMAGE_PICKER_PAGE_SIZE): number {
  const index = id ? items.findIndex((b) => b.id === id) : -1;
  return index < 0 ? 1 : Math.floor(index / size) + 1;
}

/** The order save-image-order expects: the chosen image first, the others as they were. */
export function withChosenFirst(images: readonly string[], chosen: string): string[] {
  return [chosen, ...images.filter((u) => u !== chosen)];
}
