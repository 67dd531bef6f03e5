/** Everything of review links lives under ["review"]: the reviewer's page by token, the owner's lists by render. */
export const reviewKeys = {
  all: ["review"] as const,
  page: (token: string) => ["review", "page", token] as const,
  links: (renderId: string) => ["review", "links", renderId] as const,
  comments: (renderId: string) => ["review", "comments", renderId] as const,
};
