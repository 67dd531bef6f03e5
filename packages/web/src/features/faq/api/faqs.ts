import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface FaqItem {
  id: string | number;
  question: string;
  answer: string;
}

export const faqsQueryOptions = () =>
  queryOptions({
    queryKey: ["faqs"],
    queryFn: () => api.get<FaqItem[]>("/api/faqs"),
  });

export function useFaqs() {
  return useQuery(faqsQueryOptions());
}

/** Case-insensitive match on question or answer text. */
export function filterFaqs(items: FaqItem[], query: string): FaqItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((item) => `${item.question}\n${item.answer}`.toLowerCase().includes(needle));
}
