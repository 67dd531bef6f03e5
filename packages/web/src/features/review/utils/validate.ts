import { REVIEW_LIMITS } from "../api/types";

/** The same limits the API enforces, said before sending (the API still checks). */
export function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return "Enter your name so the writer knows who commented.";
  if (trimmed.length > REVIEW_LIMITS.name) return `Your name can be at most ${REVIEW_LIMITS.name} characters.`;
  return undefined;
}

export function textError(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return "Write a comment first.";
  if (trimmed.length > REVIEW_LIMITS.text) return `A comment can be at most ${REVIEW_LIMITS.text.toLocaleString("en-US")} characters.`;
  return undefined;
}
