import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, json, mockFetch, renderApp, testUser } from "../../../test/render";

const env = { "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "/media/" }) };
const anonymous = { ...env, "GET /api/user": () => json({ message: "Unauthorized" }, 401) };
const signedIn = { ...env, "GET /api/user": () => testUser };

const entry = {
  id: "e1",
  userId: "creator-1",
  title: "Harbour Lights",
  logline: "A keeper finds a message.",
  genre: "Drama",
  subgenres: ["Family Drama"],
  tags: ["Dark"],
  displayName: "Mara Quill",
  videoUrl: "renders/u/r/video.mp4",
  posterUrl: "renders/u/r/poster.jpg",
  isPublic: true,
  isOwner: false,
  createdAt: "2026-03-02T10:00:00.000Z",
};
const others = Array.from({ length: 5 }, (_, i) => ({ ...entry, id: `o${i}`, title: `Other ${i}` }));

describe("showcase detail", () => {
  it("shows the video, fields and three other works plus the count to an anonymous visitor, without Contact or Edit", async () => {
    const fetchMock = mockFetch({ ...anonymous, "GET /api/showcase/single/e1": () => entry, "GET /api/showcase/by-user/creator-1": () => others });
    renderApp("/showcase/e1");
    expect(await screen.findByRole("heading", { name: "Harbour Lights" })).toBeInTheDocument();
    expect(screen.getByLabelText("Harbour Lights storyboard video")).toHaveAttribute("src", "/media/renders/u/r/video.mp4");
    // No aspect on the entry: a 16:9 player.
    expect(screen.getByLabelText("Harbour Lights storyboard video").style.aspectRatio).toBe("1280 / 720");
    expect(screen.getByText("Family Drama")).toBeInTheDocument();
    expect(screen.getByText("Showcased Mar 2, 2026")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Other 2" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Other 3" })).not.toBeInTheDocument();
    expect(screen.getByText("and 2 more works by this creator")).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith("/api/showcase/by-user"))?.[0])).toBe("/api/showcase/by-user/creator-1?limit=6&excludeId=e1");
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Contact Creator" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit Showcase" })).not.toBeInTheDocument();
  });

  it("plays a 9:16 entry upright", async () => {
    mockFetch({ ...anonymous, "GET /api/showcase/single/e1": () => ({ ...entry, aspect: "9:16" }), "GET /api/showcase/by-user/creator-1": () => others });
    renderApp("/showcase/e1");
    expect(await screen.findByRole("heading", { name: "Harbour Lights" })).toBeInTheDocument();
    expect(screen.getByLabelText("Harbour Lights storyboard video").style.aspectRatio).toBe("720 / 1280");
  });

  it("shows the not-found texts", async () => {
    mockFetch({ ...anonymous, "GET /api/showcase/single/nope": () => apiError(404, "Showcase entry not found.", "not_found") });
    renderApp("/showcase/nope");
    expect(await screen.findByText("Showcase Entry Not Found")).toBeInTheDocument();
    expect(screen.getByText("This showcase entry doesn't exist or has been removed.")).toBeInTheDocument();
  });

  it("gives the owner Edit Showcase and no Contact Creator", async () => {
    mockFetch({ ...signedIn, "GET /api/showcase/single/e1": () => ({ ...entry, isOwner: true, thumbnailOptions: [] }), "GET /api/showcase/by-user/creator-1": () => [] });
    renderApp("/showcase/e1");
    expect(await screen.findByRole("button", { name: "Edit Showcase" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Contact Creator" })).not.toBeInTheDocument();
  });

  it("lets a signed-in visitor contact the creator: reason and agreement required, a counted message, the server's error", async () => {
    let answer: () => unknown = () => apiError(429, "You have sent several contact requests in a short time. Please wait 5 minutes and try again.", "too_many_requests");
    const fetchMock = mockFetch({
      ...signedIn,
      "GET /api/showcase/single/e1": () => entry,
      "GET /api/showcase/by-user/creator-1": () => [],
      "POST /api/contact-requests": () => answer(),
    });
    const user = userEvent.setup();
    renderApp("/showcase/e1");
    await user.click(await screen.findByRole("button", { name: "Contact Creator" }));
    const dialog = await screen.findByRole("dialog", { name: "Contact Mara Quill" });
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Please select a reason")).toBeInTheDocument();
    expect(screen.getByText("Please agree to the terms")).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Reason" }));
    await user.click(await screen.findByRole("option", { name: "Interested in hiring you for future projects" }));
    await user.type(screen.getByLabelText("Message (optional)"), "Hello there");
    expect(screen.getByText("11/1000")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Failed to send contact request")).toBeInTheDocument();
    expect(screen.getByText(/Please wait 5 minutes/)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    answer = () => ({ message: "Your message was sent to the creator." });
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Contact Mara Quill" })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "POST /api/contact-requests").at(-1)).toEqual({ creatorId: "creator-1", showcaseEntryId: "e1", reason: "hiring", message: "Hello there" });
  });

  it("lets the owner edit and hide the entry, and says 'Failed to update showcase entry' on failure", async () => {
    let answer: () => unknown = () => apiError(400, "Title is required", "validation");
    const fetchMock = mockFetch({
      ...signedIn,
      "GET /api/showcase/single/e1": () => ({ ...entry, isOwner: true, thumbnailOptions: ["renders/u/r/poster.jpg", "renders/u/r/images/1.jpg"] }),
      "GET /api/showcase/by-user/creator-1": () => [],
      "PUT /api/showcase/e1": () => answer(),
    });
    const user = userEvent.setup();
    renderApp("/showcase/e1");
    await user.click(await screen.findByRole("button", { name: "Edit Showcase" }));
    const title = await screen.findByLabelText("Title");
    expect(title).toHaveValue("Harbour Lights");
    expect(screen.getAllByRole("radio").map((r) => r.getAttribute("aria-label"))).toEqual(["Use the poster", "Image 1"]);
    await user.clear(title);
    await user.type(title, "Harbour Lights II");
    await user.click(screen.getByRole("switch"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update showcase entry")).toBeInTheDocument();
    answer = () => ({ ...entry, title: "Harbour Lights II", isPublic: false });
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save Changes" })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "PUT /api/showcase/e1").at(-1)).toMatchObject({ title: "Harbour Lights II", isPublic: false, genre: "Drama", subgenres: ["Family Drama"], tags: ["Dark"], thumbnailUrl: null });
  });

  it("copies the share link, or says 'Failed to copy'", async () => {
    mockFetch({ ...anonymous, "GET /api/showcase/single/e1": () => entry, "GET /api/showcase/by-user/creator-1": () => [] });
    const writeText = vi.fn().mockRejectedValueOnce(new Error("denied")).mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderApp("/showcase/e1");
    await userEvent.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Failed to copy")).toBeInTheDocument();
    expect(screen.getByText("Please try again or copy the link manually.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/showcase/e1`);
  });
});
