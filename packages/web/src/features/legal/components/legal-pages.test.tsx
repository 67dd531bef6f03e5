import { screen } from "@testing-library/react";
import { json, mockFetch, renderApp } from "../../../test/render";

const anonymous = { "GET /api/user": () => json({ message: "Unauthorized" }, 401) };

const TERMS_ORDER = [
  /use/i,
  /account/i,
  /payment/i,
  /content and rights/i,
  /AI/,
  /moderation/i,
  /acceptable use/i,
  /DMCA/,
  /showcase/i,
  /hosting/i,
  /points/i,
  /file access/i,
  /termination/i,
  /arbitration/i,
  /governing law/i,
  /electronic communications/i,
  /modifications/i,
  /contact/i,
];

describe("legal pages", () => {
  it("Terms of Service has exactly 18 numbered sections in the spec's order", async () => {
    mockFetch(anonymous);
    renderApp("/terms");
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    expect(screen.getByText("Effective date: 4/24/2025")).toBeInTheDocument();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent ?? "");
    expect(headings).toHaveLength(18);
    headings.forEach((text, i) => {
      expect(text.startsWith(`${i + 1}. `)).toBe(true);
      expect(text).toMatch(TERMS_ORDER[i]);
    });
  });

  it("Privacy Policy states the retention periods and the minimum age", async () => {
    mockFetch(anonymous);
    renderApp("/privacy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText("Effective date: 4/24/2025")).toBeInTheDocument();
    const text = document.body.textContent ?? "";
    expect(text).toMatch(/up to one year for users without a subscription/);
    expect(text).toMatch(/indefinitely for paid subscribers/);
    expect(text).toMatch(/at least 13 years old/);
  });

  it("Copyright Policy lists the notice contents, the agent, repeat infringers, counter-notification and modifications", async () => {
    mockFetch(anonymous);
    renderApp("/copyright");
    expect(await screen.findByRole("heading", { level: 1, name: "Copyright Policy" })).toBeInTheDocument();
    expect(screen.getByText("Effective date: 4/24/2025")).toBeInTheDocument();
    const titles = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      "1. Reporting Copyright Infringement",
      "2. Designated Copyright Agent",
      "3. Repeat Infringers",
      "4. Counter-Notification",
      "5. Modifications",
    ]);
    const text = document.body.textContent ?? "";
    for (const item of ["full name", "postal address", "e-mail address", "telephone number", "penalty of perjury", "signature", "good faith", "federal district court"]) {
      expect(text).toContain(item);
    }
    expect(text).toMatch(/Postal address:/);
    expect(text).toMatch(/terminated at our discretion/);
  });
});
