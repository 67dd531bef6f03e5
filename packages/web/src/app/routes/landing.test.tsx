import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { callsTo, json, mockFetch, renderApp } from "../../test/render";

const anonymous = { "GET /api/user": () => json({ message: "Unauthorized" }, 401) };

describe("landing page", () => {
  it("shows the empty state when the featured fetch fails", async () => {
    mockFetch({ ...anonymous, "GET /api/featured-showcase": () => json({ message: "boom" }, 500) });
    renderApp("/");
    expect(await screen.findByText("No featured showcases available yet.")).toBeInTheDocument();
    expect(screen.getByText("Check back soon for creative screenplay visualizations!")).toBeInTheDocument();
  });

  it("shows up to three featured cards with the logline fallback, asking for limit=3", async () => {
    const fetchMock = mockFetch({
      ...anonymous,
      "GET /api/featured-showcase": () => [
        { id: "f1", showcaseEntryId: "e1", title: "Night Drive", genre: "Thriller", logline: "Two strangers share a ride.", displayName: "Ava Stone", videoUrl: "v.mp4" },
        { id: "f2", showcaseEntryId: "e2", title: "Paper Moons", genre: "Drama", logline: null, displayName: "Kai" },
        { id: "f3", showcaseEntryId: "e3", title: "Third", genre: "Comedy", logline: "", displayName: "Lee" },
        { id: "f4", showcaseEntryId: "e4", title: "Fourth", genre: "Horror", logline: "x", displayName: "Max" },
      ],
    });
    renderApp("/");
    const link = await screen.findByRole("link", { name: "Night Drive" });
    expect(link).toHaveAttribute("href", "/showcase/e1");
    expect(screen.getAllByText("A creative screenplay visualization.")).toHaveLength(2);
    expect(screen.queryByRole("link", { name: "Fourth" })).not.toBeInTheDocument();
    expect(screen.getAllByText("Featured showcase")).toHaveLength(3);
    expect(screen.getByText("AS")).toBeInTheDocument();
    const url = String(fetchMock.mock.calls.find(([u]) => String(u).startsWith("/api/featured-showcase"))?.[0]);
    expect(url).toBe("/api/featured-showcase?limit=3");
    expect(callsTo(fetchMock, "GET /api/featured-showcase")).toHaveLength(1);
  });

  it("the hero's play button plays the first featured entry's video; without any video there is no play button", async () => {
    mockFetch({
      ...anonymous,
      "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "/api/media/" }),
      "GET /api/featured-showcase": () => [
        { id: "f1", showcaseEntryId: "e1", title: "No Video", genre: "Drama" },
        { id: "f2", showcaseEntryId: "e2", title: "Night Drive", genre: "Thriller", videoUrl: "renders/r2/video.mp4", posterUrl: "renders/r2/poster.jpg" },
      ],
    });
    const { unmount } = renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: "Play Night Drive" }));
    const video = await screen.findByLabelText("Night Drive", { selector: "video" });
    expect(video).toHaveAttribute("src", "/api/media/renders/r2/video.mp4");
    expect(video).toHaveAttribute("poster", "/api/media/renders/r2/poster.jpg");
    unmount();

    mockFetch({ ...anonymous, "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "/api/media/" }), "GET /api/featured-showcase": () => [] });
    renderApp("/");
    await screen.findByText("No featured showcases available yet.");
    expect(screen.queryByRole("button", { name: /^Play / })).toBeNull();
  });

  it("has the hero, Get Started to the register tab, View Examples scrolling to the showcase, and the CTA", async () => {
    mockFetch({ ...anonymous, "GET /api/featured-showcase": () => [] });
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Turn your screenplay into visual stories" })).toBeInTheDocument();
    const main = within(screen.getByRole("main"));
    expect(main.getAllByRole("link", { name: /Get Started/ })[0]).toHaveAttribute("href", "/auth#register");
    for (const title of ["Easy Upload", "Styled Renders", "Voice Selection", "Easy Sharing"]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/Final Draft \(\.fdx\), Fade In, Fountain or Open Screenplay Format/)).toBeInTheDocument();
    const scroll = vi.mocked(Element.prototype.scrollIntoView);
    scroll.mockClear();
    await userEvent.click(screen.getByRole("button", { name: /View Examples/ }));
    expect(scroll).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(scroll.mock.contexts[0]).toBe(document.getElementById("showcase"));
    const cta = screen.getByRole("heading", { name: "Sign up to get started with 500 points free ($15 Value)" });
    expect(within(cta.parentElement!).getByRole("link")).toHaveAttribute("href", "/auth#register");
    const footer = within(screen.getByRole("contentinfo"));
    for (const [name, href] of [["Showcase", "/showcase"], ["FAQ", "/faq"], ["Terms", "/terms"], ["Privacy", "/privacy"], ["Copyright", "/copyright"]]) {
      expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeInTheDocument();
  });
});
