import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { render, screen } from "@testing-library/react";
import { Switch } from "./switch";

/**
 * WCAG 1.4.11 (non-text contrast, 3:1) for the switch's off state, from the theme's own tokens in
 * index.css: the track against every surface a switch sits on, and the thumb against the track.
 */
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../index.css"), "utf8");

function tokens(selector: ":root" | ".dark"): Record<string, string> {
  const block = new RegExp(`^${selector.replace(".", "\\.")} \\{([^}]*)\\}`, "m").exec(css)?.[1] ?? "";
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));
}

/** Relative luminance of an opaque `oklch(L C H)` (OKLab → linear sRGB, Björn Ottosson's matrices). */
function luminance(value: string): number {
  const [l, c, h] = /^oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(value)!.slice(1).map(Number);
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  const r = clamp(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_);
  const g = clamp(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_);
  const bl = clamp(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_);
  return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
}

const contrast = (x: string, y: string) => {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
};

describe("Switch", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrast("oklch(1 0 0)", "oklch(0 0 0)")).toBeCloseTo(21, 1);
    // The stock off track (--input) on a light card: the faint switch this replaces.
    expect(contrast(tokens(":root").input, tokens(":root").card)).toBeLessThan(1.5);
  });

  it("draws its off track in the muted text colour and its thumb in the page's", () => {
    render(<Switch aria-label="Allow download" />);
    const track = screen.getByRole("switch", { name: "Allow download" });
    expect(track).toHaveAttribute("data-state", "unchecked");
    expect(track.className).toContain("data-[state=unchecked]:bg-muted-foreground");
    expect(track.className).not.toMatch(/unchecked\]:bg-input/);
    expect(track.firstElementChild!.className).toContain("bg-background");
  });

  it.each([":root", ".dark"] as const)("keeps 3:1 off and on in %s", (theme) => {
    const t = tokens(theme);
    for (const surface of ["background", "card", "popover"]) {
      expect(contrast(t["muted-foreground"], t[surface]), `off track on ${surface}`).toBeGreaterThanOrEqual(3);
      expect(contrast(t.primary, t[surface]), `on track on ${surface}`).toBeGreaterThanOrEqual(3);
    }
    expect(contrast(t.background, t["muted-foreground"]), "thumb on the off track").toBeGreaterThanOrEqual(3);
    expect(contrast(t.background, t.primary), "thumb on the on track").toBeGreaterThanOrEqual(3);
  });
});
