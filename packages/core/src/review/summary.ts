/** The render list's review line: the latest decision over all links of each render ('Approved by Dana'). */
import { db } from "../dynamo/service";
import type { DecisionKind, RenderReviewSummary } from "./schema";

export async function latestDecisionsByRender(userId: string): Promise<Map<string, RenderReviewSummary>> {
  const { data } = await db.entities.reviewLink.query.byOwner({ userId }).go({ pages: "all" });
  const latest = new Map<string, { at: string; summary: RenderReviewSummary }>();
  for (const link of data) {
    if (!link.decision) continue;
    const known = latest.get(link.renderJobId);
    if (known && known.at >= link.decision.at) continue;
    latest.set(link.renderJobId, { at: link.decision.at, summary: { decision: link.decision.decision as DecisionKind, name: link.decision.name } });
  }
  return new Map([...latest].map(([id, { summary }]) => [id, summary]));
}
