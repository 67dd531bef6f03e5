import { screen } from "@testing-library/react";
import { mockFetch, renderApp, testUser } from "../../../test/render";

/** The strings of issue 20's injection test, as the API answers them (controls already stripped at the schema). */
const HOSTILE = '$` $\' $& </script> "><img src=x onerror=alert(1)> \u200Fevil';

const entry = {
  id: "h1",
  showcaseEntryId: "h1",
  userId: "c1",
  title: `Lamp ${HOSTILE}`,
  logline: HOSTILE,
  genre: "Drama",
  subgenres: [],
  tags: [],
  displayName: HOSTILE.slice(0, 40),
  isPublic: true,
  isOwner: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("hostile text in the showcase screens", () => {
  it("shows it as text on the detail page and in the explorer, never as markup", async () => {
    mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "" }),
      "GET /api/showcase/single/h1": () => entry,
      "GET /api/showcase/by-user/c1": () => [],
      "GET /api/featured-showcase": () => [],
      "GET /api/showcase/search": () => ({ entries: [entry], pagination: { page: 1, limit: 12, total: 1, pages: 1 } }),
    });
    const { container, unmount } = renderApp("/showcase/h1");
    expect(await screen.findByRole("heading", { name: `Lamp ${HOSTILE}` })).toBeInTheDocument();
    expect(container.querySelector("img[src='x']")).toBeNull();
    expect(document.querySelector("img[onerror]")).toBeNull();
    unmount();

    const explorer = renderApp("/showcase");
    expect((await screen.findAllByText(`Lamp ${HOSTILE}`)).length).toBeGreaterThan(0);
    expect(explorer.container.querySelector("img[src='x']")).toBeNull();
    expect(document.querySelector("img[onerror]")).toBeNull();
  });
});
