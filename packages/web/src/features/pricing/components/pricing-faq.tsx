import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../../components/ui/accordion";

/** Questions people ask before they subscribe; the answers follow docs/product.md#subscriptions. */
const QUESTIONS: { q: string; a: string }[] = [
  {
    q: "How do points work?",
    a: "A screenplay page costs 100 points to render. Retail points cost $3 per 100; subscribers pay their plan's lower price per page, for the monthly points and for any extra points they buy. Points never expire.",
  },
  {
    q: "What happens when I upgrade?",
    a: "The new plan applies at once. You pay the prorated difference for the rest of the current period, and get the difference in monthly points straight away. We show the exact charge before you confirm.",
  },
  {
    q: "What happens when I downgrade?",
    a: "Your current plan runs to the end of the period you paid for, then the lower plan starts. Choosing another downgrade before then replaces the first one.",
  },
  {
    q: "How does annual billing work?",
    a: "Annual billing costs 20% less than twelve monthly payments. Switching from monthly to annual starts a new year today; your points still arrive every month.",
  },
  {
    q: "What if I cancel?",
    a: "Your plan stays until the end of the period, and you are not charged again. Every point you have stays yours; after the period you buy points at retail.",
  },
  {
    q: "How long are my videos kept?",
    a: "Renders are hosted for one year without a subscription, and for as long as you subscribe with one.",
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq-title" className="mx-auto w-full max-w-3xl">
      <h2 id="pricing-faq-title" className="mb-2 text-2xl font-semibold tracking-tight">
        Frequently asked questions
      </h2>
      <Accordion type="single" collapsible>
        {QUESTIONS.map(({ q, a }) => (
          <AccordionItem key={q} value={q}>
            <AccordionTrigger>{q}</AccordionTrigger>
            <AccordionContent className="text-muted-foreground">{a}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
