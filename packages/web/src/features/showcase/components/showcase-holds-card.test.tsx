import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { callsTo, mockFetch, renderApp, testUser } from "../../../test/render";

describe("moderation holds", () => {
  it("lists held entries in Admin Fixes and lifts one", async () => {
    let held = [{ showcaseEntryId: "e9", title: "Held Lights", displayName: "Mara", heldAt: new Date().toISOString() }];
    const fetchMock = mockFetch({
      "GET /api/user": () => ({ ...testUser, roles: ["admin"] }),
      "GET /api/featured-showcase": () => [],
      "GET /api/admin/showcase-reports": () => [],
      "GET /api/admin/showcase-holds": () => held,
      "POST /api/admin/showcase-holds/e9/lift": () => ((held = []), { message: "Hold lifted. The owner can make the entry public again." }),
    });
    renderApp("/admin/fixes");
    expect(await screen.findByRole("link", { name: "Held Lights" })).toHaveAttribute("href", "/showcase/e9");
    await userEvent.click(screen.getByRole("button", { name: "Lift" }));
    expect(await screen.findByText("Hold lifted. The owner can make the entry public again.")).toBeInTheDocument();
    expect(await screen.findByText("No held entries")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/admin/showcase-holds/e9/lift")).toHaveLength(1);
  });

  it("tells the owner their entry is hidden by moderation", async () => {
    const entry = {
      id: "e9",
      userId: testUser.id,
      title: "Held Lights",
      genre: "Drama",
      displayName: "Mara",
      isOwner: true,
      isPublic: false,
      heldByModeration: true,
      thumbnailOptions: [],
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    mockFetch({
      "GET /api/user": () => ({ ...testUser, roles: ["features"] }),
      "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "" }),
      "GET /api/showcase/single/e9": () => entry,
      "GET /api/showcase/by-user/u1": () => [],
    });
    renderApp("/showcase/e9");
    expect(await screen.findByText(/Hidden by moderation\./)).toBeInTheDocument();
    expect(screen.queryByText(/Only you can see this entry/)).not.toBeInTheDocument();
  });
});
