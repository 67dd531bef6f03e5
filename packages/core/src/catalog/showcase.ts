/**
 * The showcase catalogues (docs/product.md#showcase): genres with their
 * subgenres, tag groups and contact reasons. Browser-safe: the web's forms and
 * filters list them, and the server validates against the same lists.
 * The spec names the genres and groups but not their contents; the lists are ours
 * (docs/decisions.md#showcase).
 */

export interface Genre {
  name: string;
  subgenres: readonly string[];
}

/** All 13 genres, in the spec's order, each with its subgenre tags. */
export const GENRES: readonly Genre[] = [
  { name: "Action", subgenres: ["Martial Arts", "Heist", "Spy", "Disaster", "Military", "Superhero", "Survival", "Chase"] },
  { name: "Adventure", subgenres: ["Quest", "Treasure Hunt", "Swashbuckler", "Jungle", "Sea Adventure", "Lost World", "Road Trip"] },
  { name: "Animation", subgenres: ["Family", "Adult Animation", "Stop Motion", "Anime", "Musical Animation", "Fairy Tale"] },
  { name: "Biography", subgenres: ["Historical Figure", "Sports", "Music", "Political", "Artist", "True Story"] },
  { name: "Comedy", subgenres: ["Romantic Comedy", "Dark Comedy", "Satire", "Parody", "Slapstick", "Buddy Comedy", "Coming-of-Age", "Workplace"] },
  { name: "Horror", subgenres: ["Supernatural", "Slasher", "Psychological Horror", "Body Horror", "Found Footage", "Folk Horror", "Zombie", "Haunted House"] },
  { name: "Thriller", subgenres: ["Psychological Thriller", "Crime Thriller", "Political Thriller", "Techno-Thriller", "Erotic Thriller", "Conspiracy", "Legal Thriller"] },
  { name: "Mystery", subgenres: ["Whodunit", "Detective", "Noir", "Cozy Mystery", "Police Procedural", "Amateur Sleuth"] },
  { name: "Drama", subgenres: ["Family Drama", "Legal Drama", "Medical Drama", "Period Piece", "Social Drama", "Sports Drama", "War Drama", "Crime Drama"] },
  { name: "Romance", subgenres: ["Period Romance", "Romantic Drama", "Forbidden Love", "Second Chance", "Teen Romance", "LGBTQ+ Romance"] },
  { name: "Science Fiction", subgenres: ["Space Opera", "Cyberpunk", "Dystopian", "Time Travel", "Alien Invasion", "Post-Apocalyptic", "Artificial Intelligence", "Hard Sci-Fi"] },
  { name: "Fantasy", subgenres: ["High Fantasy", "Urban Fantasy", "Dark Fantasy", "Sword and Sorcery", "Mythological", "Magical Realism", "Fairy Tale Retelling"] },
  { name: "Musical", subgenres: ["Jukebox Musical", "Stage Adaptation", "Dance", "Musical Biopic", "Rock Opera"] },
];

export const GENRE_NAMES: readonly string[] = GENRES.map((g) => g.name);

/** The ten genres the promotion and edit forms offer (docs/product.md#showcase, showcase edit genre list). */
export const EDIT_GENRES: readonly string[] = [
  "Action",
  "Comedy",
  "Drama",
  "Horror",
  "Romance",
  "Thriller",
  "Science Fiction",
  "Fantasy",
  "Mystery",
  "Adventure",
];

/** The subgenres offered with a genre; none for an unknown one. */
export const subgenresOf = (genre: string | undefined | null): readonly string[] =>
  GENRES.find((g) => g.name === genre)?.subgenres ?? [];

export interface TagGroup {
  name: string;
  tags: readonly string[];
}

/** The five tag groups (docs/product.md#showcase, tag catalogue). */
export const TAG_GROUPS: readonly TagGroup[] = [
  { name: "Style & Aesthetic", tags: ["Noir", "Minimalist", "Surreal", "Gritty", "Vintage", "Neon", "Hand-Drawn", "Cinematic"] },
  { name: "Tone & Mood", tags: ["Dark", "Uplifting", "Suspenseful", "Whimsical", "Melancholic", "Tense", "Heartwarming", "Eerie"] },
  { name: "Themes & Topics", tags: ["Family", "Identity", "Revenge", "Redemption", "Friendship", "Power", "Grief", "Technology"] },
  { name: "Audience & Market", tags: ["Feature Film", "Short Film", "TV Pilot", "Web Series", "Festival", "Young Adult", "Indie", "Commercial"] },
  { name: "Setting / World Type", tags: ["Urban", "Rural", "Space", "Historical", "Near Future", "Small Town", "Underwater", "Fantasy World"] },
];

export const ALL_TAGS: readonly string[] = TAG_GROUPS.flatMap((g) => g.tags);

export interface ContactReason {
  id: string;
  label: string;
}

/** Why someone contacts a creator (docs/product.md#showcase, contact reasons); the ids are ours. */
export const CONTACT_REASONS: readonly ContactReason[] = [
  { id: "producing", label: "Interested in producing or optioning" },
  { id: "collaborating", label: "Interested in collaborating creatively" },
  { id: "feedback", label: "General feedback" },
  { id: "representation", label: "Interested in representing you" },
  { id: "hiring", label: "Interested in hiring you for future projects" },
  { id: "other", label: "Other" },
];

export const CONTACT_REASON_IDS = CONTACT_REASONS.map((r) => r.id) as [string, ...string[]];
export const contactReasonLabel = (id: string) => CONTACT_REASONS.find((r) => r.id === id)?.label ?? id;

/** Why someone reports an entry (ours: sharing and safety, docs/decisions.md#showcase). */
export const REPORT_REASONS: readonly ContactReason[] = [
  { id: "copyright", label: "It uses someone else's work" },
  { id: "offensive", label: "Offensive or harmful content" },
  { id: "spam", label: "Spam or misleading" },
  { id: "other", label: "Other" },
];

export const REPORT_REASON_IDS = REPORT_REASONS.map((r) => r.id) as [string, ...string[]];
export const reportReasonLabel = (id: string) => REPORT_REASONS.find((r) => r.id === id)?.label ?? id;
