/**
 * Where a revised draft's files live. Outside the uploads prefix on purpose:
 * a revised draft is parsed in its own request (revision/drafts.ts), so its
 * file must not start the first-upload parse from the bucket event.
 */
export const draftKeys = {
  folder: (userId: string, screenplayId: string) => `drafts/${userId}/${screenplayId}/`,
  original: (userId: string, screenplayId: string, version: number, extension: string) =>
    `drafts/${userId}/${screenplayId}/v${version}/original${extension}`,
  parsed: (userId: string, screenplayId: string, version: number) => `drafts/${userId}/${screenplayId}/v${version}/parsed.json`,
};
