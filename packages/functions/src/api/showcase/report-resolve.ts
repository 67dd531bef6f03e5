import { dismissReport, unpublishReported } from "@storyboard/core/showcase/reports";
import { AppError } from "@storyboard/core/error";
import { api } from "../../shared/handler";

/** POST /api/admin/showcase-reports/{id}/{action}: unpublish the entry or dismiss the report. */
export const handler = api({}, async ({ params }) => {
  if (params.action === "unpublish") return unpublishReported(params.id);
  if (params.action === "dismiss") return dismissReport(params.id);
  throw AppError.notFound("Unknown report action.");
});
