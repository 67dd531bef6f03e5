import { AlertCircle, PlayCircle, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../../components/ui/accordion";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Input } from "../../../components/ui/input";
import { Skeleton } from "../../../components/ui/skeleton";
import { filterFaqs, useFaqs } from "../api/faqs";

export function FaqScreen() {
  const { data, isPending, isError, refetch } = useFaqs();
  const [query, setQuery] = useState("");
  const items = useMemo(() => filterFaqs(data ?? [], query), [data, query]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Frequently Asked Questions</h1>
        <p className="text-muted-foreground">Answers about uploads, renders, points and sharing.</p>
      </header>

      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search questions"
          placeholder="Search questions and answers"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="h-10 pl-9"
        />
      </div>

      <Card className="py-2">
        <CardContent className="px-4 sm:px-6">
          {isPending ? (
            <div className="flex flex-col gap-4 py-4" aria-busy="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-6 w-full" />
              ))}
            </div>
          ) : isError ? (
            <EmptyState
              icon={AlertCircle}
              title="We couldn't load the questions."
              description="Check your connection and try again."
              action={
                <Button variant="outline" onClick={() => refetch()}>
                  Try again
                </Button>
              }
              className="my-4 border-0"
            />
          ) : items.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">No FAQ items match your search.</p>
          ) : (
            <Accordion type="single" collapsible>
              {items.map((item) => (
                <AccordionItem key={item.id} value={String(item.id)}>
                  <AccordionTrigger>{item.question}</AccordionTrigger>
                  <AccordionContent className="whitespace-pre-line">{item.answer}</AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          )}
        </CardContent>
      </Card>

      <div className="flex flex-col items-start gap-3 rounded-xl border bg-muted/40 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-medium">Prefer to watch?</p>
          <p className="text-sm text-muted-foreground">The video tutorial walks through an upload and a first render.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/tutorials">
            <PlayCircle /> Watch the tutorial
          </Link>
        </Button>
      </div>
    </div>
  );
}
