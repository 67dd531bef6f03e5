/**
 * Numbers as a reader says them: "42" forty-two, "1999" nineteen ninety-nine,
 * "$5" five dollars, "10%" ten percent, "3.5" three point five, "21st"
 * twenty-first, "10:30" ten thirty. Pure; English only, as the offline voices.
 */

const ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(" ");
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES: [number, string][] = [
  [1e12, "trillion"],
  [1e9, "billion"],
  [1e6, "million"],
  [1e3, "thousand"],
];

export function numberWords(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (n < 0) return `minus ${numberWords(-n)}`;
  if (n < 20) return ONES[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : "");
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${numberWords(n % 100)}` : ""}`;
  for (const [size, name] of SCALES) {
    if (n >= size) {
      const rest = n % size;
      return `${numberWords(Math.floor(n / size))} ${name}${rest ? (rest < 100 ? " and " : " ") + numberWords(rest) : ""}`;
    }
  }
  return String(n);
}

/** 1999 nineteen ninety-nine, 2005 two thousand five, 2024 twenty twenty-four, 1900 nineteen hundred. */
export function yearWords(y: number): string {
  if (y >= 2000 && y < 2010) return `two thousand${y % 10 ? ` ${ONES[y % 10]}` : ""}`;
  const high = Math.floor(y / 100);
  const low = y % 100;
  if (!low) return `${numberWords(high)} hundred`;
  return `${numberWords(high)} ${low < 10 ? `oh ${ONES[low]}` : numberWords(low)}`;
}

const ORDINAL_IRREGULAR: Record<string, string> = { one: "first", two: "second", three: "third", five: "fifth", eight: "eighth", nine: "ninth", twelve: "twelfth" };

export function ordinalWords(n: number): string {
  const words = numberWords(n);
  const last = words.split(/[\s-]/).pop() ?? words;
  const head = words.slice(0, words.length - last.length);
  const ordinal = ORDINAL_IRREGULAR[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return head + ordinal;
}

function timeWords(h: number, m: number): string {
  if (m === 0) return `${numberWords(h)} o'clock`;
  return `${numberWords(h)} ${m < 10 ? `oh ${ONES[m]}` : numberWords(m)}`;
}

const plain = (digits: string) => Number(digits.replace(/,/g, ""));

/** Every number in the text as words. */
export function spokenNumbers(text: string): string {
  return text
    .replace(/\b(\d{1,2}):(\d{2})\b/g, (_, h: string, m: string) => timeWords(Number(h), Number(m)))
    .replace(/([$£€])(\d[\d,]*)(?:\.(\d{2}))?\b/g, (_, sign: string, whole: string, cents?: string) => {
      const unit = sign === "$" ? "dollar" : sign === "£" ? "pound" : "euro";
      const n = plain(whole);
      const main = `${numberWords(n)} ${unit}${n === 1 ? "" : "s"}`;
      return cents && Number(cents) ? `${main} and ${numberWords(Number(cents))} cent${Number(cents) === 1 ? "" : "s"}` : main;
    })
    .replace(/\b(\d[\d,]*(?:\.\d+)?)\s?%/g, (_, n: string) => `${spokenNumbers(n)} percent`)
    .replace(/\b(\d+)(st|nd|rd|th)\b/gi, (_, n: string) => ordinalWords(Number(n)))
    .replace(/\b(\d+)\.(\d+)\b/g, (_, whole: string, frac: string) => `${numberWords(Number(whole))} point ${[...frac].map((d) => ONES[Number(d)]).join(" ")}`)
    .replace(/\b\d{1,3}(?:,\d{3})+\b|\b\d+\b/g, (digits: string) => {
      const n = plain(digits);
      // A four-digit number without a thousands comma, in the years people speak of, is read as a year.
      if (!digits.includes(",") && digits.length === 4 && n >= 1100 && n < 2100) return yearWords(n);
      return digits.length > 15 ? [...digits].map((d) => ONES[Number(d)] ?? "").join(" ") : numberWords(n);
    });
}
