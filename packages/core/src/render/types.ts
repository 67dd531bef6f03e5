/**
 * Browser-safe shapes of render answers, shared by the server that writes them
 * and the web that reads them (docs/product.md#api).
 */

/** One render in a list: a row of GET /api/renders and of GET /api/screenplays/{id}/renders. */
export interface RenderSummary {
  id: string;
  title: string;
  style: string;
  status: string;
  completedAt: string | null;
  estimatedCompletionTime: string | null;
  createdAt: string;
  /** The screenplay draft it was made from. */
  screenplayVersion?: number;
}
