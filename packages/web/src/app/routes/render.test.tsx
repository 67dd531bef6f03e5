import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { preloadScreens } from "../router";
import { apiError, callsTo, mockFetch, renderApp, testUser, type Handler } from "../../test/render";
import type { RenderJob } from "../../features/renders/api/renders";
import { completeAssets, env, renderJob } from "../../features/renders/test/fixtures";

function open(render: RenderJob, roles: string[], handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({
    "GET /api/user": () => ({ ...testUser, roles }),
    "GET /api/env": () => env,
    "GET /api/renders/r1": () => render,
    "GET /api/showcase/by-render/r1": () => null,
    ...handlers,
  });
  return { user: userEvent.setup(), fetchMock, ...renderApp("/renders/r1") };
}

const complete = renderJob({ status: "complete", completedAt: "2025-05-03T11:00:00.000Z", ...completeAssets });

describe("render page: showcase promotion", () => {
  beforeAll(() => preloadScreens("/renders/r1"), 60_000);
  it("is offered to features users for a finished render with a video, validates, promotes and then links to the entry", async () => {
    let promoted: unknown = null;
    const { user, fetchMock } = open(complete, ["features"], {
      "GET /api/showcase/by-render/r1": () => promoted,
      "POST /api/showcase/promote": () =>
        (promoted = { id: "e1", renderJobId: "r1", title: "Farmland Render", genre: "Drama", isPublic: true, userId: "u1", createdAt: "2025-05-04T00:00:00.000Z" }),
    });
    const promote = await screen.findByRole("button", { name: "Promote to Showcase" });
    expect(screen.getByLabelText("Title")).toHaveValue("Farmland Render");
    expect(screen.getByLabelText("Display name")).toHaveValue("Jane Writer");
    await user.click(promote);
    expect(await screen.findByText("Genre is required")).toBeInTheDocument();
    // The first error is brought into view and focused, wherever the page was scrolled.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Genre" })).toHaveFocus(), { timeout: 5000 });
    expect(vi.mocked(Element.prototype.scrollIntoView)).toHaveBeenCalledWith({ block: "center", behavior: "smooth" });
    await user.click(screen.getByRole("combobox", { name: "Genre" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Action", "Comedy", "Drama", "Horror", "Romance", "Thriller", "Science Fiction", "Fantasy", "Mystery", "Adventure"]);
    await user.click(screen.getByRole("option", { name: "Drama" }));
    for (const s of ["Family Drama", "Legal Drama", "Medical Drama", "Period Piece"]) await user.click(screen.getByRole("checkbox", { name: s }));
    expect(screen.getByRole("checkbox", { name: "War Drama" })).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Image 2" }));
    await user.click(promote);
    expect(await screen.findByText("Promoted to Showcase")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/showcase/promote")[0]).toMatchObject({
      renderJobId: "r1",
      title: "Farmland Render",
      genre: "Drama",
      subgenres: ["Family Drama", "Legal Drama", "Medical Drama", "Period Piece"],
      displayName: "Jane Writer",
      thumbnailUrl: "renders/r1/images/2-a.png",
    });
    expect(await screen.findByRole("link", { name: "View in Showcase" })).toHaveAttribute("href", "/showcase/e1");
  });

  it("says 'Promotion Failed' with the server's message", async () => {
    const { user } = open(complete, ["features"], { "POST /api/showcase/promote": () => apiError(409, "This render is already in the showcase.", "conflict") });
    await user.click(await screen.findByRole("combobox", { name: "Genre" }));
    await user.click(await screen.findByRole("option", { name: "Comedy" }));
    await user.click(screen.getByRole("button", { name: "Promote to Showcase" }));
    expect(await screen.findByText("Promotion Failed")).toBeInTheDocument();
    expect(screen.getByText("This render is already in the showcase.")).toBeInTheDocument();
  });

  it("is not offered without the features role or without a video", async () => {
    const plain = open(complete, []);
    expect(await screen.findByRole("heading", { level: 1, name: "Farmland Render" })).toBeInTheDocument();
    expect(screen.queryByText("Promote to Showcase")).not.toBeInTheDocument();
    expect(callsTo(plain.fetchMock, "GET /api/showcase/by-render/r1")).toHaveLength(0);
    plain.unmount();
    open(renderJob({ status: "complete", ...completeAssets, outputFilePath: null }), ["features"]);
    expect(await screen.findByRole("heading", { level: 1, name: "Farmland Render" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Promote to Showcase")).not.toBeInTheDocument());
  });
});
