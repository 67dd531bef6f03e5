import { useCallback } from "react";
import { CtaBand } from "../../features/landing/components/cta-band";
import { FeaturesSection } from "../../features/landing/components/features-section";
import { Hero, type HeroVideo } from "../../features/landing/components/hero";
import { LANDING_FEATURED_LIMIT, useFeaturedShowcase } from "../../features/showcase/api/featured";
import { FeaturedShowcase } from "../../features/showcase/components/featured-showcase";
import { mediaUrl, usePublicEnv } from "../../config/env";

const SHOWCASE_SECTION_ID = "showcase";

/** The landing page (docs/product.md#web): hero, features, featured showcase, call to action. */
export function LandingRoute() {
  const viewExamples = useCallback(() => {
    document.getElementById(SHOWCASE_SECTION_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, []);

  const video = useHeroVideo();

  return (
    <>
      <Hero onViewExamples={viewExamples} video={video} />
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

/** The hero plays the tutorial when one is set, else the first featured entry with a video (issue 23). */
function useHeroVideo(): HeroVideo | undefined {
  const { data: env } = usePublicEnv();
  // The same query as the showcase section below: one request for both.
  const { data: featured } = useFeaturedShowcase(LANDING_FEATURED_LIMIT);
  const tutorial = typeof env?.TUTORIAL_VIDEO_URL === "string" && env.TUTORIAL_VIDEO_URL ? env.TUTORIAL_VIDEO_URL : null;
  if (tutorial) return { src: tutorial, title: "the tutorial video" };
  const entry = featured?.find((e) => e.videoUrl);
  const src = entry && mediaUrl(env?.AWS_S3_URL_PREFIX, entry.videoUrl);
  if (!entry || !src) return undefined;
  return { src, poster: mediaUrl(env?.AWS_S3_URL_PREFIX, entry.posterUrl ?? entry.thumbnailUrl), title: entry.title };
}
