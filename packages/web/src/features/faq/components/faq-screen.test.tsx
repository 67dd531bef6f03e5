import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, mockFetch, renderApp, testUser } from "../../../test/render";

const FAQS = [
  { id: 1, question: "What file formats can I upload?", answer: "Final Draft (.fdx) and Open Screenplay Format (.xml)." },
  { id: 2, question: "Do points expire?", answer: "No. Purchased and granted points never expire." },
  { id: 3, question: "Can I change a character's voice?", answer: "Yes, pick a voice per character before rendering." },
];

describe("FAQ", () => {
  it("filters by question and answer text and says when nothing matches", async () => {
    mockFetch({ "GET /api/user": () => json({ message: "Unauthorized" }, 401), "GET /api/faqs": () => FAQS });
    renderApp("/faq");
    expect(await screen.findByRole("button", { name: FAQS[0].question })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /\?$/ })).toHaveLength(3);

    const search = screen.getByRole("searchbox", { name: "Search questions" });
    await userEvent.type(search, "EXPIRE");
    expect(screen.getByRole("button", { name: "Do points expire?" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: FAQS[0].question })).not.toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, "open screenplay format"); // only in an answer
    expect(screen.getByRole("button", { name: FAQS[0].question })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Do points expire?" })).not.toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, "refund policy for dragons");
    expect(screen.getByText("No FAQ items match your search.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /\?$/ })).not.toBeInTheDocument();
  });

  it("opens an answer in the accordion and links to the tutorials", async () => {
    mockFetch({ "GET /api/user": () => json({ message: "Unauthorized" }, 401), "GET /api/faqs": () => FAQS });
    renderApp("/faq");
    await userEvent.click(await screen.findByRole("button", { name: "Do points expire?" }));
    expect(screen.getByText("No. Purchased and granted points never expire.")).toBeVisible();
    expect(screen.getByRole("link", { name: /tutorial/i })).toHaveAttribute("href", "/tutorials");
  });

  it("uses the public header when signed out and the side navigation when signed in", async () => {
    mockFetch({ "GET /api/user": () => json({ message: "Unauthorized" }, 401), "GET /api/faqs": () => FAQS });
    const anonymous = renderApp("/faq");
    await screen.findByRole("heading", { name: "Frequently Asked Questions" });
    expect(screen.queryByRole("navigation", { name: "Account" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Started" })).toBeInTheDocument();
    anonymous.unmount();

    mockFetch({ "GET /api/user": () => testUser, "GET /api/faqs": () => FAQS });
    renderApp("/faq");
    await screen.findByRole("heading", { name: "Frequently Asked Questions" });
    const sideNav = within(screen.getByRole("navigation", { name: "Account" }));
    expect(sideNav.getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");
  });
});
