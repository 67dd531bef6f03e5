/**
 * Where files live. Originals go under UPLOAD_PREFIX in the uploads bucket,
 * whose ObjectCreated event (filtered on that prefix) starts the parse; the
 * parse result goes elsewhere so it does not trigger itself.
 */
export const UPLOAD_PREFIX = "screenplays/";

export const screenplayKeys = {
  folder: (userId: string, screenplayId: string) => `${UPLOAD_PREFIX}${userId}/${screenplayId}/`,
  original: (userId: string, screenplayId: string, extension: string) =>
    `${UPLOAD_PREFIX}${userId}/${screenplayId}/original${extension}`,
  parsed: (userId: string, screenplayId: string) => `parsed/${userId}/${screenplayId}.json`,
  /** The ids back out of an original's key. */
  fromOriginal: (key: string) => {
    const m = /^screenplays\/([^/]+)\/([^/]+)\/original(\.[a-z]+)$/.exec(key);
    return m ? { userId: m[1], screenplayId: m[2], extension: m[3] } : null;
  },
};

export const renderKeys = {
  folder: (userId: string, renderJobId: string) => `renders/${userId}/${renderJobId}/`,
};

/** A picture's file extension by its type: a PNG's own, a JPEG's (and any other the providers send) `.jpg`. */
export const imageExtension = (contentType: string) => (contentType === "image/png" ? ".png" : ".jpg");
