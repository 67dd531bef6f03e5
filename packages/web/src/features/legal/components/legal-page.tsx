import type { ReactNode } from "react";
import { LEGAL_EFFECTIVE_DATE } from "../../../config/legal";

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** The frame of a legal page: title, effective date, an introduction and numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-16">
      <header className="mb-8 border-b pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Effective date: {LEGAL_EFFECTIVE_DATE}</p>
      </header>
      <div className="flex flex-col gap-4 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_strong]:text-foreground">
        {intro}
      </div>
      <ol className="mt-10 flex flex-col gap-10">
        {sections.map((section, index) => (
          <li key={section.title} data-testid="legal-section">
            <section aria-labelledby={`section-${index + 1}`}>
              <h2 id={`section-${index + 1}`} className="mb-3 text-xl font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="flex flex-col gap-3 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5">
                {section.body}
              </div>
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}
