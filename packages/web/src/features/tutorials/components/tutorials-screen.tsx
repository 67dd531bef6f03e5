import { Clapperboard, SlidersHorizontal, Upload, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { usePublicEnv } from "../../../config/env";

const STEPS: { title: string; icon: LucideIcon; body: string[] }[] = [
  {
    title: "Upload your screenplay",
    icon: Upload,
    body: [
      "From the dashboard, choose Upload Screenplay and pick a Final Draft (.fdx), Open Screenplay Format (.xml), Fade In or Fountain file of up to 10 MB.",
      "Give it a title (or leave it empty to use the one on your title page), confirm that you own the rights or have permission to use the script, and upload. We read the scenes, the characters and who speaks, and open the screenplay's page for you.",
    ],
  },
  {
    title: "Choose your render settings",
    icon: SlidersHorizontal,
    body: [
      "On the screenplay's page, choose Create New Render. Name the render, pick a visual style and check the cost: 100 points per page.",
      "Assign a voice to each speaking character (we suggest one to start with, and you can preview every option), and decide whether you want to review the character and scene descriptions, and the images, before the final video is made.",
    ],
  },
  {
    title: "Generate your renders",
    icon: Clapperboard,
    body: [
      "Confirm to start. The render page shows progress as descriptions, images and narration are generated; if you chose to review, you can edit descriptions and swap or regenerate images along the way.",
      "When it's done you can watch the video, fine-tune the timeline, and download the video, audio, poster and a project archive to share.",
    ],
  },
];

export function TutorialsScreen() {
  const { data: env } = usePublicEnv();
  const videoUrl = typeof env?.TUTORIAL_VIDEO_URL === "string" && env.TUTORIAL_VIDEO_URL ? env.TUTORIAL_VIDEO_URL : null;
  // The video is built on demand (npx storyboard tutorial): until it exists, the steps stand alone.
  const [missing, setMissing] = useState<string | null>(null);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">How To Get Started</h1>
        <p className="text-muted-foreground">From a screenplay file to a narrated storyboard in three steps.</p>
      </header>

      {videoUrl && missing !== videoUrl && (
        <section aria-label="Overview tutorial video" className="overflow-hidden rounded-xl border bg-black shadow-sm">
          <video
            controls
            preload="metadata"
            className="aspect-video w-full"
            src={videoUrl}
            aria-label="Overview tutorial: upload, render settings and a render"
            onError={() => setMissing(videoUrl)}
          >
            Your browser cannot play this video.
          </video>
        </section>
      )}

      <ol className="flex flex-col gap-4">
        {STEPS.map(({ title, icon: Icon, body }, index) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="flex flex-col gap-2">
              <h2 className="font-semibold">
                <span className="text-muted-foreground">Step {index + 1}.</span> {title}
              </h2>
              {body.map((paragraph) => (
                <p key={paragraph} className="text-sm leading-relaxed text-muted-foreground">
                  {paragraph}
                </p>
              ))}
            </div>
          </li>
        ))}
      </ol>

      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/dashboard">Go to the dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/faq">Read the FAQ</Link>
        </Button>
      </div>
    </div>
  );
}
