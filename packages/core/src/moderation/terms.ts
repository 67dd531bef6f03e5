/**
 * Word lists for the offline moderator. Warning categories need one match.
 * Block categories need terms that only mean something together (a minor AND
 * an explicit sexual act in one sentence; a mass-harm agent AND several
 * how-to terms in one section), so crime and war stories are not blocked for
 * mentioning a child, a rifle or anthrax.
 */

const words = (...patterns: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${patterns.join("|")})(?![\\p{L}\\p{N}])`, "iu");
const stems = (...patterns: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${patterns.join("|")})`, "iu");

export const WARNING_TERMS = {
  graphic_violence: stems(
    "decapitat", "disembowel", "dismember", "eviscerat", "mutilat", "flays? (?:him|her|them|the)",
    "entrails", "brains? (?:splatter|spray)", "blood (?:sprays|spurts|gushes|fountains)",
    "severed (?:head|limb|arm|leg|hand|finger)", "slits? (?:his|her|their|a|the) throat", "throat (?:is )?slit",
    "skull (?:cracks open|shatters|caves in)", "gouges? out", "impale[sd]?\\b", "tortur(?:e|es|ed|ing)\\b",
  ),
  strong_language: stems(
    "fuck", "motherfuck", "shit(?!ake)", "bullshit", "cunt", "cocksuck", "asshole", "goddamn", "son of a bitch",
    "dickhead", "twat",
  ),
  drugs: words(
    "cocaine", "heroin", "methamphetamine", "meth", "crack (?:pipe|cocaine|rock)s?", "fentanyl", "overdos(?:e|es|ed|ing)",
    "snorts? (?:a line|lines|coke|cocaine)", "lines? of coke", "lsd", "mdma", "opium", "marijuana",
    "cannabis", "smokes? (?:a )?joint", "bong",
  ),
  sexual_content: words(
    "sex scene", "ha(?:ve|s|ving) sex", "sexual intercourse", "intercourse", "orgasms?", "porn\\w*", "naked", "nude",
    "nudity", "erection", "masturbat\\w*", "genitals?", "topless",
  ),
} as const;

/** A minor: words for children, and ages under 18. */
export const MINOR = words(
  "child", "children", "kids?", "minors?", "underage", "under-age", "pre-?teens?", "toddlers?", "infants?",
  "schoolgirls?", "schoolboys?", "little (?:girl|boy)s?", "young (?:girl|boy)s?",
  "(?:[1-9]|1[0-7])[- ]years?[- ]old", "aged? (?:[1-9]|1[0-7])",
);

/** An explicit sexual act or sexual abuse. */
export const EXPLICIT_SEXUAL = words(
  "sex with", "ha(?:ve|s|ving) sex", "sexual(?:ly)? (?:abuses?|abused|assaults?|assaulted|acts?|touch\\w*|contact)",
  "intercourse", "oral sex", "molest\\w*", "rap(?:e|es|ed|ing)", "porn\\w*", "orgasms?", "masturbat\\w*", "fondl\\w*",
  "genitals?", "erections?",
);

/** Agents and devices of mass harm. */
export const MASS_HARM_AGENT = words(
  "sarin", "vx(?: gas| nerve agent)?", "tabun", "soman", "novichok", "ricin", "anthrax", "botulinum", "nerve agents?",
  "chemical weapons?", "bio-?weapons?", "biological weapons?", "dirty bombs?", "enriched uranium",
  "weapons?-grade (?:uranium|plutonium)", "mustard gas", "chlorine gas", "smallpox", "pipe bombs?", "tatp",
  "ammonium nitrate", "fertili[sz]er bombs?",
);

/** How-to language; each pattern counts once per section. */
export const INSTRUCTION_TERMS: RegExp[] = [
  words("step (?:one|1|two|2|three|3)"), words("step-by-step"), words("recipe"), words("synthes(?:is|i[sz]e|i[sz]ed|i[sz]ing)"),
  words("precursors?"), words("\\d+(?:\\.\\d+)? ?(?:grams|g|mg|ml|milliliters|millilitres|kilograms|kg|liters|litres)"),
  words("reflux"), words("distil(?:l|ls|led|ling|lation)"), words("purif(?:y|ies|ied|ication)"), words("reagents?"),
  words("catalysts?"), words("aerosoli[sz](?:e|es|ed|ing|ation)"), words("how to (?:make|build|produce|synthesi[sz]e|weaponi[sz]e)"),
  words("instructions"), words("heat(?:ed)? (?:it |the mixture )?to \\d+"), words("yield"),
];
