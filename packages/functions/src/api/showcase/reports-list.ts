import { listOpenReports } from "@storyboard/core/showcase/reports";
import { api } from "../../shared/handler";

export const handler = api({}, async () => listOpenReports());
