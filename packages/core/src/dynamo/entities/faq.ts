import { Entity } from "electrodb";
import { timestamps } from "./_shared";

export const Faq = new Entity({
  model: { entity: "faq", version: "1", service: "storyboard" },
  attributes: {
    faqId: { type: "string", required: true },
    list: { type: "string", default: "faq", required: true },
    position: { type: "number", required: true },
    question: { type: "string", required: true },
    answer: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byList: {
      pk: { field: "pk", composite: ["list"] },
      sk: { field: "sk", composite: ["position", "faqId"] },
    },
  },
});
