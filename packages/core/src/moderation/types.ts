/** Content moderation types. Browser-safe: the web app shows these reports. */

export type ModerationLevel = "block" | "warning";

export type ModerationCategory =
  | "sexual_content_involving_minors"
  | "weapons_of_mass_harm"
  | "graphic_violence"
  | "strong_language"
  | "drugs"
  | "sexual_content"
  // Categories the OpenAI moderation adapter reports.
  | "violent_wrongdoing_instructions"
  | "self_harm_instructions"
  | "violence"
  | "illicit_instructions"
  | "hate"
  | "harassment"
  | "self_harm";

export interface ModerationSection {
  /** The block id, when the section is a screenplay block. */
  id?: string;
  text: string;
}

export interface FlaggedSection {
  level: ModerationLevel;
  categories: string[];
  text: string;
  blockId?: string;
}

export interface ModerationResult {
  /** False when any section is flagged at "block" level. */
  canProceed: boolean;
  flaggedSections: FlaggedSection[];
}

export interface ModerationProvider {
  moderate(sections: ModerationSection[]): Promise<ModerationResult>;
}

/** How each category reads in reports and dialogs. */
export const CATEGORY_LABELS: Record<ModerationCategory, string> = {
  sexual_content_involving_minors: "Sexual content involving minors",
  weapons_of_mass_harm: "Instructions for weapons of mass harm",
  graphic_violence: "Graphic violence",
  strong_language: "Strong language",
  drugs: "Drugs",
  sexual_content: "Sexual content",
  violent_wrongdoing_instructions: "Instructions for violent wrongdoing",
  self_harm_instructions: "Instructions for self-harm",
  violence: "Violence",
  illicit_instructions: "Instructions for illicit activity",
  hate: "Hate",
  harassment: "Harassment",
  self_harm: "Self-harm",
};

export const CATEGORY_LEVELS: Record<ModerationCategory, ModerationLevel> = {
  sexual_content_involving_minors: "block",
  weapons_of_mass_harm: "block",
  graphic_violence: "warning",
  strong_language: "warning",
  drugs: "warning",
  sexual_content: "warning",
  violent_wrongdoing_instructions: "block",
  self_harm_instructions: "block",
  violence: "warning",
  illicit_instructions: "warning",
  hate: "warning",
  harassment: "warning",
  self_harm: "warning",
};
