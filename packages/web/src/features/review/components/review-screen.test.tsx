import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { preloadScreens } from "../../../app/router";
import { apiError, callsTo, json, mockFetch, renderApp, type Handler } from "../../../test/render";
import { REVIEW_TOKEN_HEADER, type ReviewComment } from "../api/types";
import { comment, review } from "../test/fixtures";

const anonymous = { "GET /api/user": () => json({ message: "Unauthorized" }, 401) };

/** The review API answers only calls that carry the link's token in its header, as the real one does. */
const byToken = (handlers: Record<string, Handler>): Record<string, Handler> =>
  Object.fromEntries(
    Object.entries(handlers).map(([key, handler]) => [
      key,
      (init) =>
        new Headers(init.headers).get(REVIEW_TOKEN_HEADER) === "tok1" ? handler(init) : apiError(404, "This review link is no longer active.", "not_found"),
    ]),
  );

function open(handlers: Record<string, Handler>) {
  const fetchMock = mockFetch({ ...anonymous, ...byToken(handlers) });
  return { user: userEvent.setup(), fetchMock, ...renderApp("/review#tok1") };
}

/** Answers a posted comment as the API would: the body back with an id and the link's fields. */
const echoComment = (id: string) => (init: RequestInit) => {
  const body = JSON.parse(String(init.body)) as Partial<ReviewComment>;
  return json(
    { comment: comment(id, { parentId: body.parentId ?? null, blockId: body.blockId ?? null, atMs: body.atMs ?? null, name: body.name, text: body.text }) },
    201,
  );
};

const video = () => screen.getByLabelText("Video of Night Shift") as HTMLVideoElement;
const frames = () => within(screen.getByRole("list", { name: "Frames" })).getAllByRole("button");

describe("/review#token", () => {
  // The screen's code is transformed once, before the first test starts counting its waits.
  beforeAll(() => preloadScreens("/review#tok1"), 60_000);

  it("shows the video through the token and the frames; a click or Enter on a frame seeks the video to it", async () => {
    const { user } = open({ "GET /api/review": () => ({ review: review() }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Night Shift" })).toBeInTheDocument();
    expect(screen.getByText(/Shared with you for review · For Dana/)).toBeInTheDocument();
    expect(video()).toHaveAttribute("src", "https://media.test/renders/u1/r1/video.mp4?X-Amz-Signature=v");
    expect(frames().map((b) => b.getAttribute("aria-label"))).toEqual([
      "Scene 1 Shot 1A at 0:00",
      "Scene 1 Shot 1B at 0:04",
      "Scene 1 Shot 1C at 0:08",
    ]);
    expect(screen.queryByRole("link", { name: /Download/ })).not.toBeInTheDocument();

    await user.click(frames()[2]);
    expect(video().currentTime).toBe(8);
    expect(frames()[2]).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("On Scene 1 Shot 1C")).toBeChecked();

    // One tab stop; arrow keys move between frames and Enter seeks.
    expect(frames().map((b) => b.tabIndex)).toEqual([-1, -1, 0]);
    await user.keyboard("{ArrowLeft}");
    expect(frames()[1]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(frames()[0]).toHaveFocus();
    await user.keyboard("{ArrowRight}{Enter}");
    expect(video().currentTime).toBe(4);
    expect(frames()[1]).toHaveAttribute("aria-pressed", "true");
  });

  it("sends a comment on the picked frame under the remembered name, and shows it", async () => {
    localStorage.setItem("reviewerName", "Dana");
    const { user, fetchMock } = open({
      "GET /api/review": () => ({ review: review() }),
      "POST /api/review/comments": echoComment("c9"),
    });
    await user.click((await screen.findAllByRole("button", { name: /Scene 1 Shot 1B/ }))[0]);
    expect(screen.getByLabelText("Your name")).toHaveValue("Dana");
    await user.type(screen.getByLabelText("Comment"), "Hold this shot longer.");
    await user.click(screen.getByRole("button", { name: "Add comment" }));

    const thread = await screen.findByRole("article", { name: "Comment by Dana" });
    expect(within(thread).getByText("Hold this shot longer.")).toBeInTheDocument();
    expect(within(thread).getByRole("button", { name: "Scene 1 Shot 1B" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/review/comments")).toEqual([{ blockId: "b2", name: "Dana", text: "Hold this shot longer." }]);
    expect(screen.getByLabelText("Comment")).toHaveValue("");
    // The strip's badge counts the frame's open thread.
    expect(frames()[1]).toHaveAccessibleName("Scene 1 Shot 1B at 0:04, 1 open comment");
  });

  it("asks for a name before sending, then remembers it; a comment at a time names the time and its frame", async () => {
    const { user, fetchMock } = open({
      "GET /api/review": () => ({ review: review() }),
      "POST /api/review/comments": echoComment("c9"),
    });
    await user.click((await screen.findAllByRole("button", { name: /Scene 1 Shot 1B/ }))[0]);
    await user.click(screen.getByLabelText("At 0:04 in the video"));
    await user.type(screen.getByLabelText("Comment"), "Music too loud here");
    await user.click(screen.getByRole("button", { name: "Add comment" }));
    expect(await screen.findByText("Enter your name so the writer knows who commented.")).toBeInTheDocument();
    expect(screen.getByLabelText("Your name")).toHaveFocus();
    expect(callsTo(fetchMock, "POST /api/review/comments")).toHaveLength(0);

    await user.type(screen.getByLabelText("Your name"), "  Sam ");
    await user.click(screen.getByRole("button", { name: "Add comment" }));
    expect(await screen.findByText("Music too loud here")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/review/comments")).toEqual([{ atMs: 4000, blockId: "b2", name: "Sam", text: "Music too loud here" }]);
    expect(localStorage.getItem("reviewerName")).toBe("Sam");
  });

  it("replies in a thread and shows comments as text, never as HTML", async () => {
    localStorage.setItem("reviewerName", "Sam");
    const hostile = '<img src="x" onerror="alert(1)"><b>bold</b>';
    const { user, fetchMock, container } = open({
      "GET /api/review": () => ({ review: review({ comments: [comment("c1", { text: hostile })] }) }),
      "POST /api/review/comments": echoComment("c2"),
    });
    expect(await screen.findByText(hostile)).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector("b")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Reply to Dana" }));
    await user.type(screen.getByLabelText("Reply to Dana"), "Agreed with Dana");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    const replies = await screen.findByRole("list", { name: "Replies" });
    expect(within(replies).getByText("Agreed with Dana")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/review/comments")).toEqual([{ parentId: "c1", name: "Sam", text: "Agreed with Dana" }]);
  });

  it("marks the writer's replies once: a named writer gets the 'Writer' badge, one without a name is just 'Writer'", async () => {
    const replies = [
      comment("c2", { parentId: "c1", author: "owner", name: "Jane Roe", text: "Brighter next time." }),
      comment("c3", { parentId: "c1", author: "owner", name: "Writer", text: "Will do." }),
    ];
    open({ "GET /api/review": () => ({ review: review({ comments: [comment("c1"), ...replies] }) }) });
    const thread = within(await screen.findByRole("list", { name: "Replies" }));
    const [named, unnamed] = thread.getAllByRole("listitem");
    expect(within(named).getByText("Jane Roe")).toBeInTheDocument();
    expect(within(named).getByText("Writer")).toBeInTheDocument();
    expect(within(unnamed).getAllByText("Writer")).toHaveLength(1);
  });

  it("says the server's message when a comment is refused (too many)", async () => {
    localStorage.setItem("reviewerName", "Sam");
    const { user } = open({
      "GET /api/review": () => ({ review: review() }),
      "POST /api/review/comments": () => apiError(429, "Too many comments from this address. Please wait a minute and try again.", "rate_limited"),
    });
    await user.type(await screen.findByLabelText("Comment"), "One more");
    await user.click(screen.getByRole("button", { name: "Add comment" }));
    expect(await screen.findByText("Too many comments from this address. Please wait a minute and try again.")).toBeInTheDocument();
    expect(screen.getByLabelText("Comment")).toHaveValue("One more");
  });

  it("turns into the inactive message when the link is revoked while the page is open", async () => {
    localStorage.setItem("reviewerName", "Dana");
    let revoked = false;
    const gone = () => apiError(404, "This review link is no longer active.", "not_found");
    const { user } = open({
      "GET /api/review": () => (revoked ? gone() : { review: review() }),
      "POST /api/review/decision": () => ((revoked = true), gone()),
    });
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Ask the person who shared it with you for a new link.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1, name: "Night Shift" })).not.toBeInTheDocument();
  });

  it("asks for fresh media addresses when one has ended, at most every 30 s; a revoked link then says so", async () => {
    let reads = 0;
    let revoked = false;
    const { fetchMock } = open({
      "GET /api/review": () => {
        reads++;
        if (revoked) return apiError(404, "This review link is no longer active.", "not_found");
        return { review: review({ videoUrl: `https://media.test/renders/u1/r1/video.mp4?X-Amz-Signature=v${reads}` }) };
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Night Shift" });
    expect(video()).toHaveAttribute("src", "https://media.test/renders/u1/r1/video.mp4?X-Amz-Signature=v1");
    fireEvent.error(video());
    await waitFor(() => expect(video()).toHaveAttribute("src", "https://media.test/renders/u1/r1/video.mp4?X-Amz-Signature=v2"));
    fireEvent.error(frames()[0].querySelector("img")!);
    expect(callsTo(fetchMock, "GET /api/review")).toHaveLength(2);

    revoked = true;
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 31_000);
    try {
      fireEvent.error(video());
      expect(await screen.findByText("Ask the person who shared it with you for a new link.")).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("goes on playing from where it was once a renewal has reloaded the video", async () => {
    let reads = 0;
    open({
      "GET /api/review": () => ({ review: review({ videoUrl: `https://media.test/renders/u1/r1/video.mp4?X-Amz-Signature=v${++reads}` }) }),
    });
    await screen.findByRole("heading", { level: 1, name: "Night Shift" });
    const player = video();
    const play = vi.fn(() => Promise.resolve());
    Object.defineProperties(player, { paused: { value: false, configurable: true }, currentTime: { value: 7, writable: true, configurable: true } });
    player.play = play;
    fireEvent.timeUpdate(player);
    // A frame's picture ended, not the video: its new address still reloads the video.
    fireEvent.error(frames()[2].querySelector("img")!);
    await waitFor(() => expect(player).toHaveAttribute("src", "https://media.test/renders/u1/r1/video.mp4?X-Amz-Signature=v2"));
    player.currentTime = 0;
    fireEvent.loadedMetadata(player);
    expect(player.currentTime).toBe(7);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it("requests changes with a note, then approves", async () => {
    localStorage.setItem("reviewerName", "Dana");
    const { user, fetchMock } = open({
      "GET /api/review": () => ({ review: review() }),
      "POST /api/review/decision": (init) => {
        const body = JSON.parse(String(init.body)) as { decision: string; name: string; note?: string };
        return json({ decision: { ...body, note: body.note ?? null, at: "2026-11-20T11:00:00.000Z" } }, 201);
      },
    });
    await user.type(await screen.findByLabelText("Note (optional)"), "Scene 2 needs a wider shot.");
    await user.click(screen.getByRole("button", { name: "Request changes" }));
    const status = await screen.findByText("Changes requested by Dana");
    expect(status.closest("[role=status]")).toHaveTextContent("Scene 2 needs a wider shot.");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Approved by Dana")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/review/decision")).toEqual([
      { decision: "changes_requested", name: "Dana", note: "Scene 2 needs a wider shot." },
      { decision: "approved", name: "Dana" },
    ]);
  });

  it("offers the download only when the link allows it", async () => {
    open({ "GET /api/review": () => ({ review: review({ allowDownload: true, downloadUrl: "https://media.test/renders/u1/r1/video.mp4?d=1" }) }) });
    expect(await screen.findByRole("link", { name: "Download video" })).toHaveAttribute("href", "https://media.test/renders/u1/r1/video.mp4?d=1");
  });

  it("says 'This review link is no longer active.' for a revoked, expired or unknown link", async () => {
    open({ "GET /api/review": () => apiError(404, "This review link is no longer active.", "not_found") });
    expect(await screen.findByText("This review link is no longer active.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  it("offers another try when the review could not be loaded", async () => {
    let fail = true;
    const { user } = open({ "GET /api/review": () => (fail ? apiError(500, "boom") : { review: review() }) });
    expect(await screen.findByText("Could not load this review")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Night Shift" })).toBeInTheDocument();
  });

  it("is a public page: no sign-in, no account data", async () => {
    const { fetchMock, router } = open({ "GET /api/review": () => ({ review: review({ comments: [comment("c1")] }) }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Night Shift" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/review");
    // The token stays in the fragment: no address the page asks for carries it (the header does).
    expect(router.state.location.hash).toBe("#tok1");
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes("tok1"))).toEqual([]);
    expect(document.body.textContent).not.toMatch(/@/);
    await waitFor(() => expect(document.title).toBe("Review | Storyboard"));
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes("/api/renders"))).toEqual([]);
  });
});
