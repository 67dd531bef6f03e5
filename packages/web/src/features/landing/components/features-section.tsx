import { Mic, Palette, Share2, Upload, type LucideIcon } from "lucide-react";

const FEATURES: { title: string; icon: LucideIcon; body: string }[] = [
  {
    title: "Easy Upload",
    icon: Upload,
    body: "Drop in a Final Draft (.fdx), Fade In, Fountain or Open Screenplay Format (.xml) file. We read every scene, character and line of dialogue, so you can visualize the story before anyone shoots a frame.",
  },
  {
    title: "Styled Renders",
    icon: Palette,
    body: "Pick a look (Cinematic Realism, Gritty Noir, Anime, Comic Book, Surrealism or Documentary) and watch the script play out scene by scene, so you can judge its pacing at a glance.",
  },
  {
    title: "Voice Selection",
    icon: Mic,
    body: "Give each character a voice of their own, with a narrator carrying the action lines. It plays like a table read you can run whenever you like.",
  },
  {
    title: "Easy Sharing",
    icon: Share2,
    body: "Download the video, audio, poster and project files, and share the result with producers, collaborators and friends who would never sit down with a screenplay.",
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-heading" className="border-t bg-muted/30">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            From pages to pictures
          </h2>
          <p className="mt-4 text-muted-foreground">
            Everything you need to pitch, rewrite and promote a script with something people can watch.
          </p>
        </div>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, icon: Icon, body }) => (
            <div key={title} className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{body}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
