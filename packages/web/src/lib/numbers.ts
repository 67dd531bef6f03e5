/**
 * One number format wherever points and counts show (issue 23): digits grouped
 * the same way in every browser ('3,613'), a change always signed ('+2,000',
 * '-1,700'), so a ledger row never reads '+2000' beside a balance of '3,613'.
 */
const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A whole count with thousands separators: 3613 → '3,613'. */
export const formatCount = (n: number) => grouped.format(n);

/** A signed change: 2000 → '+2,000', -1700 → '-1,700' (a plain hyphen-minus, as people type it), 0 → '0'. */
export const formatChange = (n: number) => (n > 0 ? `+${grouped.format(n)}` : n < 0 ? `-${grouped.format(-n)}` : "0");

/** '1 point', '3,613 points'. */
export const formatPoints = (n: number) => `${grouped.format(n)} ${Math.abs(n) === 1 ? "point" : "points"}`;
