import type { BlockType } from "./types";

/**
 * What each format parser hands to `assemble`: paragraphs in document order,
 * with character cues still separate. Internal to the screenplay module.
 */
export interface RawParagraph {
  kind: BlockType | "character";
  /** Already cleaned (see cleanText); may be empty, in which case it is skipped. */
  text: string;
  /** On character cues: the speech is half of a dual-dialogue pair. */
  dual?: boolean;
  /** On action paragraphs: the text is centred (Fountain's `> TEXT <`), a title card rather than something seen. */
  centred?: boolean;
}

export interface RawScreenplay {
  paragraphs: RawParagraph[];
  title?: string;
  /** The writer the title page credits ('Written by NAME'), as it sets the name(s). */
  writer?: string;
  /** Names known from elsewhere in the file (e.g. a Final Draft cast list). */
  extraCharacters?: string[];
}
