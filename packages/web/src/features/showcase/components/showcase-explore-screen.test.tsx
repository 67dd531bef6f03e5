import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { json, mockFetch, renderApp } from "../../../test/render";

const anonymous = { "GET /api/user": () => json({ message: "Unauthorized" }, 401), "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "/media/" }) };

const entry = (i: number) => ({ id: `e${i}`, userId: "u9", title: `Story ${i}`, genre: "Drama", logline: null, displayName: "Mara", createdAt: "2026-01-01T00:00:00.000Z" });

/** The query of the last search request, as an object. */
function lastSearch(fetchMock: ReturnType<typeof mockFetch>) {
  const urls = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith("/api/showcase/search"));
  return Object.fromEntries(new URL(urls.at(-1)!, "http://x").searchParams);
}

describe("explore showcases", () => {
  it("searches with the address's filters, 12 a page, shows chips and the count, and clears", async () => {
    const fetchMock = mockFetch({
      ...anonymous,
      "GET /api/featured-showcase": () => [],
      "GET /api/showcase/search": () => ({ entries: [entry(1), entry(2)], pagination: { total: 2, pages: 1 } }),
    });
    const { router } = renderApp("/showcase/search?genre=Drama&subgenres=War%20Drama&tags=Dark,Tense&search=sea");
    expect(await screen.findByRole("link", { name: "Story 1" })).toHaveAttribute("href", "/showcase/e1");
    expect(screen.getByText("2 showcases found")).toBeInTheDocument();
    expect(lastSearch(fetchMock)).toEqual({ page: "1", limit: "12", search: "sea", genre: "Drama", subgenres: "War Drama", tags: "Dark,Tense" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Remove filter Dark" }));
    await waitFor(() => expect(lastSearch(fetchMock).tags).toBe("Tense"));
    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0]);
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(lastSearch(fetchMock)).toEqual({ page: "1", limit: "12" });
  });

  it("offers only the chosen genre's subgenres and disables the rest after four", async () => {
    mockFetch({ ...anonymous, "GET /api/featured-showcase": () => [], "GET /api/showcase/search": () => ({ entries: [], pagination: { total: 0, pages: 0 } }) });
    renderApp("/showcase/search?genre=Drama&subgenres=Family%20Drama,Legal%20Drama,Medical%20Drama,Period%20Piece");
    const aside = await screen.findByRole("complementary", { name: "Filters" });
    const group = within(aside).getByRole("group", { name: "Subgenres (up to 4)" });
    expect(within(group).getByRole("checkbox", { name: "Family Drama" })).toBeChecked();
    expect(within(group).getByRole("checkbox", { name: "War Drama" })).toBeDisabled();
    expect(within(group).queryByRole("checkbox", { name: "Space Opera" })).not.toBeInTheDocument();
    expect(await screen.findByText("No showcases match these filters")).toBeInTheDocument();
  });

  it("pages with numbered buttons and shows the featured strip", async () => {
    const fetchMock = mockFetch({
      ...anonymous,
      "GET /api/featured-showcase": () => [{ id: "f1", showcaseEntryId: "f1", title: "Featured Story", genre: "Horror", displayName: "Kai" }],
      "GET /api/showcase/search": () => ({ entries: Array.from({ length: 12 }, (_, i) => entry(i)), pagination: { total: 30, pages: 3 } }),
    });
    renderApp("/showcase");
    expect(await screen.findByRole("link", { name: "Featured Story" })).toBeInTheDocument();
    const pages = await screen.findByRole("navigation", { name: "Showcase pages" });
    expect(within(pages).getAllByRole("button").map((b) => b.textContent)).toEqual(["", "1", "2", "3", ""]);
    await userEvent.click(within(pages).getByRole("button", { name: "2" }));
    await waitFor(() => expect(lastSearch(fetchMock).page).toBe("2"));
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith("/api/featured-showcase"))?.[0])).toBe("/api/featured-showcase?limit=4");
  });

  it("says when showcases cannot be loaded", async () => {
    mockFetch({ ...anonymous, "GET /api/featured-showcase": () => [], "GET /api/showcase/search": () => json({ message: "boom" }, 500) });
    renderApp("/showcase");
    expect(await screen.findByText("Showcases could not be loaded")).toBeInTheDocument();
  });
});
