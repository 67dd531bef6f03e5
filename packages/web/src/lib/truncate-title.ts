/** docs/product.md#constants: titles on mobile cards are cut at 25 characters. */
export const MOBILE_TITLE_MAX = 25;

export function truncateTitle(title: string, max = MOBILE_TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max).trimEnd()}...` : title;
}
