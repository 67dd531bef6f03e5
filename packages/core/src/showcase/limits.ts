/**
 * The showcase's limits, messages and query helpers without zod
 * (docs/product.md#showcase): public pages import these, and building the
 * schemas in schema.ts costs a phone real time at load.
 */
export const SHOWCASE_LIMITS = {
  title: 100,
  displayName: 50,
  subgenres: 4,
  /** Ours: a logline is a sentence or two. */
  logline: 500,
  contactMessage: 1000,
  reportMessage: 1000,
  /** Page sizes (docs/product.md#constants). */
  searchPage: 12,
  featuredStrip: 4,
  landingFeatured: 3,
  otherWorksFetch: 6,
  otherWorksShown: 3,
  adminFeatured: 20,
} as const;

export const SHOWCASE_MESSAGES = {
  titleRequired: "Title is required",
  titleMax: "Title must be less than 100 characters",
  genreRequired: "Genre is required",
  subgenresMax: "You can select up to 4 subgenres",
  displayNameRequired: "Display name is required",
  displayNameMax: "Display name must be less than 50 characters",
  reasonRequired: "Please select a reason",
  agreementRequired: "Please agree to the terms",
  featuredIdRequired: "Please enter a showcase entry ID",
} as const;

/** A comma list from a query string, trimmed, without empties. */
export const commaList = (value: string | undefined | null): string[] =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
