/** Billing shapes the browser reads too (browser-safe: no imports). */

/** An account a refund or card dispute flagged (docs/decisions.md#refunds-and-disputes). */
export interface FlaggedAccount {
  userId: string;
  email: string;
  username: string;
  points: number;
  pointsOwed: number;
  openDisputes: number;
}
