import { waitFor } from "@testing-library/react";
import { json, mockFetch, renderApp } from "../test/render";
import { pageMeta } from "./page-meta";

describe("page meta", () => {
  it("names every route in the title, with the product name", () => {
    expect(pageMeta("/pricing").title).toBe("Pricing | Storyboard");
    expect(pageMeta("/showcase/abc").title).toBe("Showcase | Storyboard");
    expect(pageMeta("/").title).toBe("Storyboard: turn your screenplay into visual stories");
    expect(pageMeta("/nowhere").title).toBe("Page not found | Storyboard");
  });

  it("sets the title, the description and the canonical link as the route changes", async () => {
    mockFetch({ "GET /api/user": () => json(null), "GET /api/subscriptions": () => [] });
    const { router } = renderApp("/faq");
    await waitFor(() => expect(document.title).toBe("FAQ | Storyboard"));
    await router.navigate("/pricing");
    await waitFor(() => expect(document.title).toBe("Pricing | Storyboard"));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(/points/);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${window.location.origin}/pricing`);
  });
});
