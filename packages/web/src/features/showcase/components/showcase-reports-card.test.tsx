import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { callsTo, json, mockFetch, renderApp, testUser } from "../../../test/render";

const report = {
  id: "rep1",
  showcaseEntryId: "e1",
  reason: "copyright",
  reasonLabel: "It uses someone else's work",
  message: "This is my script.",
  createdAt: new Date().toISOString(),
  entry: { title: "Harbour Lights", displayName: "Mara", isPublic: true },
};

describe("reports of showcase entries", () => {
  it("lists open reports in Admin Fixes and unpublishes the entry", async () => {
    let open = [report];
    const fetchMock = mockFetch({
      "GET /api/user": () => ({ ...testUser, roles: ["admin"] }),
      "GET /api/featured-showcase": () => [],
      "GET /api/admin/showcase-reports": () => open,
      "POST /api/admin/showcase-reports/rep1/unpublish": () => ((open = []), { message: "The showcase entry is no longer public." }),
    });
    renderApp("/admin/fixes");
    expect(await screen.findByRole("link", { name: "Harbour Lights" })).toHaveAttribute("href", "/showcase/e1");
    expect(screen.getByText(/It uses someone else's work/)).toBeInTheDocument();
    expect(screen.getByText("This is my script.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Unpublish" }));
    expect(await screen.findByText("The showcase entry is no longer public.")).toBeInTheDocument();
    expect(await screen.findByText("No open reports")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/admin/showcase-reports/rep1/unpublish")).toHaveLength(1);
  });

  it("lets a signed-in visitor report an entry with a reason", async () => {
    const entry = { id: "e1", userId: "c1", title: "Harbour Lights", genre: "Drama", displayName: "Mara", isOwner: false, isPublic: true, createdAt: "2026-01-01T00:00:00.000Z" };
    const fetchMock = mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "" }),
      "GET /api/showcase/single/e1": () => entry,
      "GET /api/showcase/by-user/c1": () => [],
      "POST /api/showcase/e1/report": () => json({ message: "Thank you. An admin will review this entry." }),
    });
    const user = userEvent.setup();
    renderApp("/showcase/e1");
    await user.click(await screen.findByRole("button", { name: "Report" }));
    await user.click(await screen.findByRole("button", { name: "Send Report" }));
    expect(await screen.findByText("Please select a reason")).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Reason" }));
    await user.click(await screen.findByRole("option", { name: "Spam or misleading" }));
    await user.type(screen.getByLabelText("Details (optional)"), "Not a storyboard.");
    await user.click(screen.getByRole("button", { name: "Send Report" }));
    expect(await screen.findByText("Thank you. An admin will review this entry.")).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, "POST /api/showcase/e1/report")).toEqual([{ reason: "spam", message: "Not a storyboard." }]));
  });
});
