/** Screenplay business constants. Browser-safe: the web app imports this file. */

/** A page is up to this many words (docs/product.md#constants). */
export const WORDS_PER_PAGE = 200;

/** A rendered page costs this many points (docs/product.md#constants). */
export const POINTS_PER_PAGE = 100;

/** Uploads larger than this are refused before parsing (docs/product.md#constants: 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A .fadein archive may not unpack its document.xml past this size. */
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;

/** A character's name, from a cue or typed by hand, is at most this long; a longer cue is not a cue. */
export const MAX_CHARACTER_NAME_LENGTH = 60;

/**
 * Pronoun guessing looks for at most this many characters in the prose (those
 * with the most lines); the rest go by their name alone. Real scripts have far
 * fewer, and one pattern over thousands of names takes minutes to run.
 */
export const MAX_PROFILED_CHARACTERS = 500;

/** The file-input `accept` value and the extensions the parser dispatches on. */
export const ACCEPTED_EXTENSIONS = ".fdx,.xml,.osf,.fadein,.fountain";
/** The same list for people to read: ".fdx, .xml, .osf, .fadein or .fountain". */
export const ACCEPTED_EXTENSIONS_TEXT = ACCEPTED_EXTENSIONS.split(",")
  .join(", ")
  .replace(/, ([^,]+)$/, " or $1");
