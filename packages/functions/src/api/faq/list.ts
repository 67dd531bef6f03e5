import { listFaqs } from "@storyboard/core/faq/faq";
import { api } from "../../shared/handler";

export const handler = api({}, async () => listFaqs());
