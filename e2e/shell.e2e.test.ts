import type { Browser, Page } from "playwright-core";
import { PRERENDERED_PAGES } from "@storyboard/core/catalog/prerendered-pages";
import { appUrl, launchBrowser } from "./browser";
import { signedInContext } from "./support";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
});
afterEach(async () => {
  await page.close();
});

describe("the web shell in a real browser", () => {
  it("shows the landing page with its copy and the featured section as the API has it", async () => {
    // Browser test files share one product, so another file may already have featured an entry:
    // the section must show exactly what the public featured list holds, or its empty state.
    const featured = (await (await fetch(appUrl("/api/featured-showcase?limit=3"))).json()) as { title: string }[];
    await page.goto(appUrl("/"));
    await page.getByRole("heading", { name: "Turn your screenplay into visual stories" }).waitFor();
    if (featured.length === 0) {
      await page.getByText("No featured showcases available yet.").waitFor();
      await page.getByText("Check back soon for creative screenplay visualizations!").waitFor();
    } else {
      for (const entry of featured) await page.getByText(entry.title, { exact: true }).first().waitFor();
      expect(await page.getByText("No featured showcases available yet.").count()).toBe(0);
    }
    await page.getByText("Sign up to get started with 500 points free ($15 Value)").waitFor();
    for (const feature of ["Easy Upload", "Styled Renders", "Voice Selection", "Easy Sharing"]) {
      await page.getByText(feature, { exact: true }).first().waitFor();
    }
  });

  it("opens Register from every sign-up entry point, and the footer names this year", async () => {
    const entryPoints = [
      () => page.getByRole("banner").getByRole("link", { name: "Get Started" }),
      () => page.getByRole("main").getByRole("link", { name: "Get Started" }),
      () => page.getByRole("link", { name: "Create your free account" }),
    ];
    for (const link of entryPoints) {
      await page.goto(appUrl("/"));
      await link().click();
      await page.getByText("Create your account", { exact: true }).waitFor();
      expect(await page.getByRole("tab", { name: "Register" }).getAttribute("aria-selected")).toBe("true");
    }
    await page.goto(appUrl("/"));
    await page.getByText(`© ${new Date().getFullYear()}`).waitFor();
  });

  it("opens the FAQ with the seeded questions and filters them", async () => {
    await page.goto(appUrl("/faq"));
    await page.getByText("Which file formats can I upload?").waitFor();
    await page
      .getByRole("searchbox")
      .or(page.getByPlaceholder(/search/i))
      .first()
      .fill("zzzz-nothing-matches");
    await page.getByText("No FAQ items match your search.").waitFor();
  });

  it("renders a static legal page", async () => {
    await page.goto(appUrl("/terms"));
    await page
      .getByRole("heading", { name: /Terms of Service/ })
      .first()
      .waitFor();
    await page
      .getByText(/4\/24\/2025/)
      .first()
      .waitFor();
  });

  it("shows the 404 card for an unknown path", async () => {
    await page.goto(appUrl("/this/page/does/not/exist"));
    await page.getByText("404 Page Not Found").waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
  });

  it("sends a signed-out visitor from a signed-in route to /auth, with nothing in the console (the dashboard's frame asks for no data)", async () => {
    const visit = await browser.newPage();
    const problems: string[] = [];
    visit.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    for (const path of ["/dashboard", "/settings"]) {
      await visit.goto(appUrl(path));
      await visit.waitForURL((url) => url.pathname === "/auth");
      await visit.getByRole("tab", { name: "Sign In" }).waitFor();
    }
    expect(problems).toEqual([]);
    await visit.close();
  });

  it("switches the theme to dark and keeps it under the key 'theme'", async () => {
    await page.goto(appUrl("/faq"));
    await page.getByRole("button", { name: "Change theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  });

  it("serves the public pages prerendered, and they hydrate with nothing in the console (docs/decisions.md#web-performance)", async () => {
    for (const path of PRERENDERED_PAGES) {
      const html = await (await fetch(appUrl(path))).text();
      // The page itself is in the HTML, before any script runs; the only inline scripts are the theme's
      // and the early requests' (both hashed in the CSP), none from React.
      expect(html, path).toMatch(/<div id="root" inert>.*<main id="main"/s);
      expect(html.match(/<script(?![^>]*\bsrc=)/g)?.length ?? 0, path).toBe(2);

      const visit = await browser.newPage({ viewport: { width: 412, height: 823 } });
      const problems: string[] = [];
      visit.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      visit.on("pageerror", (error) => problems.push(error.message));
      await visit.goto(appUrl(path), { waitUntil: "networkidle" });
      await visit.waitForTimeout(300);
      expect(problems, path).toEqual([]);
      await visit.close();
    }
  });

  it("gives the dashboard its prerendered signed-in frame", async () => {
    const html = await (await fetch(appUrl("/dashboard"))).text();
    expect(html).toMatch(/<div id="root" inert data-frame="signed-in">.*<h1[^>]*>Dashboard<\/h1>.*Recent Screenplays/s);
    expect(html).not.toContain(">Login<");
  });

  it("hydrates the dashboard's frame for a signed-in visitor, with or without the session hint, with nothing in the console", async () => {
    const { page: visit, context, user } = await signedInContext(browser, { points: 1234 });
    const problems: string[] = [];
    visit.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    // A hydration mismatch is reported as an uncaught error.
    visit.on("pageerror", (error) => problems.push(error.message));
    for (const hint of [false, true]) {
      if (hint) await visit.evaluate(() => localStorage.setItem("signed-in", "1"));
      await visit.goto(appUrl("/dashboard"));
      await visit.getByText("1,234").waitFor();
      await visit
        .getByRole("textbox", { name: /invite link/i })
        .or(visit.locator("input[readonly]"))
        .first()
        .waitFor();
      expect(await visit.locator("header").getByRole("link", { name: "Login" }).count()).toBe(0);
    }
    expect(problems, user.email).toEqual([]);
    await context.close();
  });

  it("gives other routes the app shell: a spinner that paints before any script runs", async () => {
    const html = await (await fetch(appUrl("/settings"))).text();
    expect(html).toMatch(/<div id="root"><div [^>]*><svg [^>]*role="status" aria-label="Loading"/);
  });
});
