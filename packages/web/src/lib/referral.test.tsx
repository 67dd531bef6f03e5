import { screen, waitFor } from "@testing-library/react";
import { json, mockFetch, renderApp } from "../test/render";

describe("referral capture", () => {
  it("stores ?ref=CODE from any page under 'referral'", async () => {
    mockFetch({ "GET /api/user": () => json({ message: "Unauthorized" }, 401), "GET /api/faqs": () => [] });
    renderApp("/faq?ref=WRITER7");
    await screen.findByRole("heading", { name: "Frequently Asked Questions" });
    expect(localStorage.getItem("referral")).toBe("WRITER7");
  });

  it("keeps an earlier code when a page has no ref, and replaces it with a newer one", async () => {
    localStorage.setItem("referral", "OLD1");
    mockFetch({ "GET /api/user": () => json({ message: "Unauthorized" }, 401) });
    const { router } = renderApp("/terms");
    await screen.findByRole("heading", { name: "Terms of Service" });
    expect(localStorage.getItem("referral")).toBe("OLD1");
    await router.navigate("/privacy?ref=NEW2");
    await waitFor(() => expect(localStorage.getItem("referral")).toBe("NEW2"));
  });
});
