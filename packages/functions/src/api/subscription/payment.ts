import { invoicePayment } from "@storyboard/core/billing/renewal-authentication";
import { api } from "../../shared/handler";

export const handler = api({}, async ({ params }) => invoicePayment(params.invoiceId));
