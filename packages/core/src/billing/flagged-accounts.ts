/**
 * `GET /api/admin/flagged-accounts` (docs/decisions.md#refunds-and-disputes):
 * the accounts an admin should look at, those that owe points a refund or
 * dispute took back and those with a card dispute open. Read from the
 * users-by-sign-up index with a filter: flags are rare and this is an admin
 * screen, so no index of its own.
 */
import { assertAdmin } from "../actor";
import { db } from "../dynamo/service";
import type { FlaggedAccount } from "./types";

export async function listFlaggedAccounts(): Promise<FlaggedAccount[]> {
  assertAdmin();
  const { data } = await db.entities.user.query
    .all({})
    .where((a, { gt }) => `${gt(a.pointsOwed, 0)} OR ${gt(a.openDisputes, 0)}`)
    .go({ pages: "all", order: "desc" });
  return data.map((u) => ({
    userId: u.userId,
    email: u.email,
    username: u.username,
    points: u.points ?? 0,
    pointsOwed: u.pointsOwed ?? 0,
    openDisputes: u.openDisputes ?? 0,
  }));
}
