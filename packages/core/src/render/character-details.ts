/**
 * What a character's introduction establishes beyond name and age (docs/decisions.md#offline-storyboards): the
 * name as the script first writes it, a relation to another character ("Brick's former partner"), and up to two
 * visual details (build, clothing, what they carry). The offline writer composes sentences from these; the
 * source sentence is never pasted. Pure and browser-safe.
 */

const BUILD =
  "tall short small tiny huge big burly stocky wiry thin skinny slender slight lanky heavy heavyset heavy-set plump chubby muscular athletic broad-shouldered hulking petite frail gaunt";
const BUILD_WORDS = new Set(BUILD.split(" "));
const CLOTHING =
  "coat overcoat raincoat trenchcoat jacket blazer suit tuxedo dress gown skirt shirt t-shirt blouse sweater cardigan hoodie vest waistcoat jeans trousers pants shorts uniform overalls robe apron scrubs hat cap beanie helmet hood scarf tie glasses sunglasses spectacles boots sneakers heels sandals gloves cloak cape armour armor kimono sari bathrobe pyjamas pajamas";
const CLOTHING_WORDS = new Set(CLOTHING.split(" "));
const PROP_VERBS = new Set("carries carrying holds holding clutches clutching grips gripping with cradles cradling".split(" "));
const ARTICLE = /^(?:a|an|the|his|her|their|two|three|some)$/i;

const titleCase = (text: string) => text.toLowerCase().replace(/(^|[\s'’-])\p{L}/gu, (c) => c.toUpperCase());
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordsOf = (text: string) => text.match(/[\p{L}'’-]+/gu) ?? [];

/** "DICK STEEL" for STEEL when the introduction writes the full name in capitals; else the cue, in title case. */
export function introducedName(name: string, intro: string): string {
  for (const run of intro.match(/\p{Lu}[\p{Lu}'’.-]*(?: \p{Lu}[\p{Lu}'’.-]*)*/gu) ?? []) {
    const words = run.split(" ").filter((w, i) => !/^(?:AKA|A\.K\.A\.?)$/.test(w) && !(i === 0 && /^(?:A|AN|THE)$/.test(w)));
    const full = words.join(" ");
    if (words.length >= 1 && words.length <= 4 && new RegExp(`(^| )${escape(name)}( |$)`).test(full) && !/&/.test(run))
      return titleCase(full);
  }
  return titleCase(name.replace(/^(?:A|AN|THE) /, ""));
}

/**
 * A role written as a relation ("his former partner") names whose: the character named last before this one, in
 * the introduction or the sentences just before it. Without one, the relation is kept without its pronoun.
 */
export function relationOf(role: string | undefined, name: string, before: string, otherNames: readonly string[]): string | undefined {
  if (!role) return undefined;
  const possessive = /^(his|her|their)\s+/i.exec(role);
  if (!possessive) return role;
  const rest = role.slice(possessive[0].length);
  let owner: { name: string; at: number } | undefined;
  for (const other of otherNames) {
    if (other === name) continue;
    const pattern = new RegExp(`(^|[^\\p{L}])${escape(other)}($|[^\\p{L}])`, "giu");
    for (const m of before.matchAll(pattern)) if (!owner || m.index > owner.at) owner = { name: other, at: m.index };
  }
  return owner ? `${titleCase(owner.name)}'s ${rest}` : `a ${rest}`.replace(/^a ([aeiou])/i, "an $1");
}

const STOP = new Set("in on at and to from as while into onto who that which then but or when before after toward towards".split(" "));
/** "With a smile" is not something carried. */
const NOT_CARRIED = new Set(
  "smile grin sigh look glance nod shrug frown laugh start jolt friend friends family eyes hand hands arm arms head face tears breath gaze difficulty care ease".split(
    " ",
  ),
);

/** Up to two visual details from the introduction: build, then clothing or what they carry ("tall", "in a raincoat"). */
export function visualDetails(name: string, intro: string): string[] {
  const at = intro.search(new RegExp(escape(name), "i"));
  const near = at < 0 ? intro : intro.slice(at, at + name.length + 160);
  const words = wordsOf(near.toLowerCase());
  const details: string[] = [];
  const build = words.find((w) => BUILD_WORDS.has(w));
  if (build) details.push(build);
  const clothing = words.findIndex((w) => CLOTHING_WORDS.has(w) || CLOTHING_WORDS.has(w.replace(/e?s$/, "")));
  if (clothing >= 0) {
    // The clothing word and up to two words before it that describe it ("a battered leather jacket").
    let start = clothing;
    while (
      start > 0 &&
      clothing - start < 2 &&
      !STOP.has(words[start - 1]) &&
      !ARTICLE.test(words[start - 1]) &&
      !/^(wearing|wears|with)$/.test(words[start - 1])
    )
      start--;
    const noun = words.slice(start, clothing + 1).join(" ");
    const plural = /s$/.test(words[clothing]) && !/ss$/.test(words[clothing]);
    details.push(`in ${plural ? "" : /^[aeiou]/.test(noun) ? "an " : "a "}${noun}`);
    return details.slice(0, 2);
  }
  // What they carry: the words after the verb, up to the end of the clause ("with a mop, hums" is "a mop").
  const carried = new RegExp(`\\b(?:${[...PROP_VERBS].join("|")})\\s+([^,.;:!?]{1,60})`, "i").exec(near)?.[1];
  if (carried) {
    const object: string[] = [];
    for (const w of wordsOf(carried.toLowerCase())) {
      if (STOP.has(w) || object.length >= 4) break;
      if (!/^(his|her|their)$/.test(w)) object.push(w);
    }
    if (object.length && !NOT_CARRIED.has(object[object.length - 1])) details.push(`carrying ${object.join(" ")}`);
  }
  return details.slice(0, 2);
}
