import { useCallback } from "react";
import { CtaBand } from "../../features/landing/components/cta-band";
import { FeaturesSection } from "../../features/landing/components/features-section";
import { Hero } from "../../features/landing/components/hero";
import { FeaturedShowcase } from "../../features/showcase/components/featured-showcase";

const SHOWCASE_SECTION_ID = "showcase";

/** The landing page (docs/product.md#web): hero, features, featured showcase, call to action. */
export function LandingRoute() {
  const viewExamples = useCallback(() => {
    document.getElementById(SHOWCASE_SECTION_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, []);

  return (
    <>
      <Hero onViewExamples={viewExamples} />
      <FeaturesSection />
      <section id={SHOWCASE_SECTION_ID} aria-labelledby="showcase-heading" className="scroll-mt-20 border-t">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24">
          <div className="mx-auto mb-12 max-w-2xl text-center">
            <h2 id="showcase-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              See what writers are making
            </h2>
            <p className="mt-4 text-muted-foreground">Storyboards from the community, rendered straight from their scripts.</p>
          </div>
          <FeaturedShowcase />
        </div>
      </section>
      <CtaBand />
    </>
  );
}
