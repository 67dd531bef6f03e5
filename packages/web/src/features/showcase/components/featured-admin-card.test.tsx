import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, mockFetch, renderApp, testUser, type Handler } from "../../../test/render";

const featured = [{ id: "e1", showcaseEntryId: "e1", title: "Harbour Lights", genre: "Drama", displayName: "Mara Quill" }];

function open(handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({
    "GET /api/user": () => ({ ...testUser, roles: ["admin"] }),
    "GET /api/featured-showcase": () => featured,
    "GET /api/admin/showcase-reports": () => [],
    ...handlers,
  });
  return { user: userEvent.setup(), fetchMock, ...renderApp("/admin/fixes") };
}

const input = () => screen.findByLabelText("Showcase entry ID");
const addButton = () => screen.getByRole("button", { name: /Add to Featured Showcase|Adding/ });

describe("admin fixes: featured showcase card", () => {
  it("lists the featured entries (limit 20) with 'by' and genre, and removes one", async () => {
    const { user, fetchMock } = open({ "DELETE /api/featured-showcase/e1": () => ({ message: "Featured showcase entry removed" }) });
    expect(await screen.findByText("Harbour Lights")).toBeInTheDocument();
    expect(screen.getByText("by Mara Quill · Drama")).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith("/api/featured-showcase"))?.[0])).toBe("/api/featured-showcase?limit=20");
    await user.click(screen.getByRole("button", { name: "Remove Harbour Lights from featured" }));
    expect(await screen.findByText("Featured showcase entry removed")).toBeInTheDocument();
    expect(callsTo(fetchMock, "DELETE /api/featured-showcase/e1")).toHaveLength(1);
  });

  it("shows three placeholders while loading, then 'No featured entries yet'", async () => {
    let release: (v: unknown) => void = () => {};
    open({ "GET /api/featured-showcase": () => new Promise((r) => (release = r)) });
    const list = await screen.findByLabelText("Featured entries");
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    release([]);
    expect(await screen.findByText("No featured entries yet")).toBeInTheDocument();
  });

  it("is disabled while blank, refuses a blank submit, and adds a trimmed ID with 'Adding...'", async () => {
    let finish: (v: unknown) => void = () => {};
    const { user, fetchMock } = open({ "POST /api/featured-showcase": () => new Promise((r) => (finish = r)) });
    const field = await input();
    expect(addButton()).toBeDisabled();
    fireEvent.submit(field.closest("form") as HTMLFormElement);
    expect(await screen.findByText("Please enter a showcase entry ID")).toBeInTheDocument();
    await user.type(await input(), "  e2 ");
    await user.click(addButton());
    expect(await screen.findByRole("button", { name: "Adding..." })).toBeDisabled();
    finish({ message: "Showcase entry added to featured list" });
    expect(await screen.findByText("Showcase entry added to featured list")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/featured-showcase")).toEqual([{ showcaseEntryId: "e2" }]);
    await waitFor(() => expect(callsTo(fetchMock, "GET /api/featured-showcase").length).toBeGreaterThan(1));
  });

  it("shows the server's message, or 'Failed to add to featured'", async () => {
    const { user } = open({ "POST /api/featured-showcase": () => apiError(404, "No showcase entry has the ID e9.", "not_found") });
    await user.type(await input(), "e9");
    await user.click(addButton());
    expect(await screen.findByText("No showcase entry has the ID e9.")).toBeInTheDocument();
  });
});
