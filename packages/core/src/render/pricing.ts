/** What things cost, in points (docs/product.md#constants). Browser-safe: the prepare screen shows the same numbers. */
export const POINTS_PER_PAGE = 100;
export const IMAGE_GENERATION_COST = 10;
export const RERENDER_COST_PER_PAGE = 40;
export const SIGNUP_BONUS_POINTS = 500;
export const REFERRAL_BONUS_POINTS = 500;

/** A render costs 100 points a page, at least one page. */
export const renderCost = (pageCount: number) => Math.max(1, Math.ceil(pageCount || 0)) * POINTS_PER_PAGE;

/** Re-compiling the video of a finished render costs 40 points a page. */
export const reRenderCost = (pageCount: number) => Math.max(1, Math.ceil(pageCount || 0)) * RERENDER_COST_PER_PAGE;
