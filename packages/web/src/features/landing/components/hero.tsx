import { ArrowRight, Mic, Play, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { REGISTER_PATH } from "../../../config/paths";

/** A real video the hero's player plays: the tutorial, or the first featured entry (app/routes/landing.tsx). */
export interface HeroVideo {
  src: string;
  poster?: string;
  title: string;
}

/** The opening band of the landing page. `onViewExamples` scrolls to the showcase. */
export function Hero({ onViewExamples, video }: { onViewExamples: () => void; video?: HeroVideo }) {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div className="flex flex-col items-start gap-6">
          <span className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            <Sparkles className="size-3.5 text-primary" aria-hidden />
            AI storyboards with voice narration
          </span>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Turn your screenplay into visual stories
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            Upload your script and get back a narrated video storyboard: styled frames for every beat, a distinct voice for every character.
            See your story before you shoot it, feel its pacing, and share it with people who will never read a screenplay.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to={REGISTER_PATH}>
                Get Started <ArrowRight />
              </Link>
            </Button>
            <Button size="lg" variant="outline" onClick={onViewExamples}>
              <Play /> View Examples
            </Button>
          </div>
        </div>
        <StoryboardPreview video={video} />
      </div>
    </section>
  );
}

const FRAMES = [
  { sky: "from-amber-300 via-orange-400 to-rose-500", caption: "EXT. DESERT HIGHWAY - DUSK" },
  { sky: "from-sky-800 via-indigo-900 to-slate-950", caption: "INT. DINER - NIGHT" },
  { sky: "from-slate-400 via-slate-600 to-slate-800", caption: "EXT. PARKING LOT - CONTINUOUS" },
];

/**
 * A drawn-in-CSS hint of the product's output: a script page becoming frames.
 * Its play button plays a real video in place of the drawing (issue 23: a play
 * button that does nothing is a broken promise); without a video there is none.
 */
function StoryboardPreview({ video }: { video?: HeroVideo }) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative mx-auto w-full max-w-lg">
      <div className="rounded-2xl border bg-card p-4 shadow-xl">
        {playing && video ? (
          <video
            className="aspect-video w-full rounded-lg bg-black"
            src={video.src}
            poster={video.poster}
            title={video.title}
            aria-label={video.title}
            controls
            autoPlay
            playsInline
          />
        ) : (
          <div className="relative aspect-video overflow-hidden rounded-lg bg-gradient-to-b from-amber-300 via-orange-400 to-rose-500">
            <div className="absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-stone-900 to-stone-700/80" />
            <div className="absolute bottom-[30%] left-[18%] h-16 w-5 rounded-t-full bg-stone-900" />
            <div className="absolute bottom-[30%] left-[24%] h-14 w-4 rounded-t-full bg-stone-900" />
            <div className="absolute top-[18%] right-[20%] size-10 rounded-full bg-yellow-100/90 blur-[1px]" />
            <p className="absolute inset-x-6 bottom-3 text-center text-xs font-medium text-white drop-shadow">
              MAYA: We keep driving. Whatever is back there stays there.
            </p>
            {video && (
              <button
                type="button"
                onClick={() => setPlaying(true)}
                aria-label={`Play ${video.title}`}
                className="absolute inset-0 flex items-center justify-center focus-visible:outline-none"
              >
                <span className="flex size-14 items-center justify-center rounded-full bg-black/60 text-white shadow-lg ring-white/70 transition-transform hover:scale-105 [button:focus-visible_&]:ring-2">
                  <Play className="ml-1 size-6 fill-current" aria-hidden />
                </span>
              </button>
            )}
          </div>
        )}
        <div aria-hidden className="mt-3 flex items-center gap-2">
          <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted">
            <div className="h-full w-2/5 rounded-full bg-primary" />
          </div>
          <span className="text-xs text-muted-foreground tabular-nums">0:24 / 1:02</span>
        </div>
        <div aria-hidden className="mt-4 grid grid-cols-3 gap-2">
          {FRAMES.map((frame) => (
            <div key={frame.caption} className="overflow-hidden rounded-md border">
              <div className={`aspect-video bg-gradient-to-b ${frame.sky}`} />
              <p className="truncate px-1.5 py-1 font-mono text-[0.55rem] text-muted-foreground">{frame.caption}</p>
            </div>
          ))}
        </div>
      </div>
      <div
        aria-hidden
        className="absolute -bottom-5 -left-4 hidden items-center gap-2 rounded-xl border bg-card px-3 py-2 text-xs shadow-lg sm:flex"
      >
        <Mic className="size-4 text-primary" />
        <span>
          <span className="font-semibold">MAYA</span> · voiced
        </span>
      </div>
    </div>
  );
}
