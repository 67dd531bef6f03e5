/** The FAQ the product ships with; seeded into the table on first start. */
export const FAQ_SEED: { id: string; question: string; answer: string }[] = [
  {
    id: "what-is-it",
    question: "What does Storyboard do with my screenplay?",
    answer:
      "It reads your screenplay scene by scene, proposes a description for every character and location, draws a frame for each block in the visual style you pick, narrates the action and speaks each character's lines with the voice you chose, and assembles it all into a narrated video storyboard. You also get a poster, the combined audio and a project archive.",
  },
  {
    id: "formats",
    question: "Which file formats can I upload?",
    answer:
      "Final Draft (.fdx) and Open Screenplay Format (.xml, .osf). We also read Fade In (.fadein) and Fountain (.fountain) files. Files can be up to 10 MB.",
  },
  {
    id: "points",
    question: "How do points work?",
    answer:
      "A render costs 100 points per screenplay page, where a page is up to 200 words. New accounts start with 500 free points, enough for five pages. Points never expire.",
  },
  {
    id: "free-points",
    question: "How do I get more free points?",
    answer: "Share your invite link from the dashboard. When someone signs up with it, you receive 500 points.",
  },
  {
    id: "styles",
    question: "Which visual styles can I choose?",
    answer:
      "Cinematic Realism, Gritty Noir, Anime (Beta), Comic Book (Beta), Surrealism and Documentary. You pick one when you prepare a render.",
  },
  {
    id: "voices",
    question: "Can I choose the voices?",
    answer:
      "Yes. Every speaking character gets a voice that you can change in the voice picker, which lets you search by name and filter by male, female or neutral voices. A narrator reads the action and scene headings.",
  },
  {
    id: "review",
    question: "Can I review the descriptions and images before the video is made?",
    answer:
      "Yes. With the preview options on (the default), the render pauses after the descriptions are written so you can edit them, and again after the images are drawn so you can swap or regenerate any of them before the video is compiled.",
  },
  {
    id: "how-long",
    question: "How long does a render take?",
    answer:
      "Most short screenplays are ready in a few minutes; a feature takes longer. The render page shows progress and an estimate, and we e-mail you when it is done if you want us to.",
  },
  {
    id: "downloads",
    question: "What do I get at the end?",
    answer:
      "An MP4 video storyboard, a poster image, the combined narration audio, and a project archive with every image, every audio clip, captions (.srt and .vtt) and an edit list of block timings.",
  },
  {
    id: "failed",
    question: "What happens if a render fails?",
    answer: "If a render cannot be finished, the points it cost are refunded to your balance automatically.",
  },
  {
    id: "rights",
    question: "Who owns the results?",
    answer:
      "You keep the rights to your screenplay. You may use the storyboards you create for your own projects, pitches and promotion. Please upload only material you own or have permission to use.",
  },
  {
    id: "hosting",
    question: "How long are my renders kept?",
    answer:
      "Generated content is kept for one year for accounts without a subscription, and for as long as your subscription is active for subscribers. Download anything you want to keep.",
  },
  {
    id: "showcase",
    question: "What is the showcase?",
    answer:
      "A public gallery of finished storyboards. Creators with showcase access can publish a finished render there so producers and collaborators can find it and contact them.",
  },
  {
    id: "subscriptions",
    question: "Do I need a subscription?",
    answer:
      "No. You can buy points whenever you need them. Subscriptions give you a monthly allowance of points at a lower price per page, and your generated content is hosted for as long as you subscribe.",
  },
];
