import { FAQ_SEED } from "./shipped";
import { db } from "../dynamo/service";

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export async function listFaqs(): Promise<FaqItem[]> {
  const { data } = await db.entities.faq.query.byList({ list: "faq" }).go({ pages: "all" });
  return data.map((f) => ({ id: f.faqId, question: f.question, answer: f.answer }));
}

/** Writes the shipped FAQ (idempotent: same ids overwrite). */
export async function seedFaqs() {
  await db.entities.faq
    .put(FAQ_SEED.map((f, position) => ({ faqId: f.id, list: "faq", position, question: f.question, answer: f.answer })))
    .go();
}
