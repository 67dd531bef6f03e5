import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { preloadScreens } from "../router";
import { callsTo, json, mockFetch, renderApp, testUser, type Handler } from "../../test/render";
import type { RenderJob } from "../../features/renders/api/renders";
import { block, completeAssets, env, renderJob } from "../../features/renders/test/fixtures";
import type { ReviewComment, ReviewLink } from "../../features/review/api/types";
import { comment, link } from "../../features/review/test/fixtures";

const complete = renderJob({
  status: "complete",
  completedAt: "2025-05-03T11:00:00.000Z",
  ...completeAssets,
  screenplaySnapshot: { ...renderJob().screenplaySnapshot, blocks: [block(1), block(2), block(3)] },
});

function open(handlers: Record<string, Handler>, render: RenderJob = complete) {
  const fetchMock = mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/env": () => env,
    "GET /api/renders/r1": () => render,
    "GET /api/renders/r1/review-links": () => ({ links: [] }),
    "GET /api/renders/r1/comments": () => ({ comments: [], decisions: [], frames: BOARD_NAMES }),
    ...handlers,
  });
  return { user: userEvent.setup(), fetchMock, ...renderApp("/renders/r1") };
}

/** The render's frames as GET /api/renders/{id}/comments names them: the board's shot numbers. */
const BOARD_NAMES = [
  { blockId: "b0001", label: "Scene 1 Shot 1A" },
  { blockId: "b0002", label: "Scene 1 Shot 1B" },
  { blockId: "b0003", label: "Scene 2 Shot 2A" },
];

const ownerComment = (id: string, over: Partial<ReviewComment> = {}) => comment(id, { linkName: "For Dana", ...over });
const shots = () => screen.getAllByTestId("timeline-block");
const thread = (name: string, text: string) =>
  screen.getAllByRole("article", { name: `Comment by ${name}` }).find((a) => within(a).queryByText(text))!;

describe("render page: review links", () => {
  // The screen's code is transformed once, before the first test starts counting its waits.
  beforeAll(() => preloadScreens("/renders/r1"), 60_000);

  it("shares a new link named 'For Dana' with an expiry and download, shows it and copies it", async () => {
    const created = link("l2", { name: "For Dana", allowDownload: true, expiresAt: "2026-11-27T09:00:00.000Z" });
    const links: ReviewLink[] = [];
    const { user, fetchMock } = open({
      "GET /api/renders/r1/review-links": () => ({ links }),
      "POST /api/renders/r1/review-links": () => (links.push(created), json({ link: created }, 201)),
    });
    await user.click(await screen.findByRole("button", { name: "Share for review" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    expect(within(dialog).getByText("Give the link a name, such as 'For Dana'.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Name"), "For Dana");
    await user.type(within(dialog).getByLabelText("Expires after (days, optional)"), "120");
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    expect(within(dialog).getByText("Enter a whole number of days from 1 to 90, or leave it empty.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/renders/r1/review-links")).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("Expires after (days, optional)"));
    await user.type(within(dialog).getByLabelText("Expires after (days, optional)"), "7");
    await user.click(within(dialog).getByRole("switch", { name: "Allow download" }));
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    const url = await within(dialog).findByLabelText("Review link");
    expect(url).toHaveValue(`${window.location.origin}/review#token-l2`);
    expect(callsTo(fetchMock, "POST /api/renders/r1/review-links")).toEqual([{ name: "For Dana", allowDownload: true, expiresInDays: 7 }]);

    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/review#token-l2`);
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const list = await screen.findByRole("list", { name: "Review links" });
    expect(within(list).getByRole("listitem", { name: "For Dana" })).toHaveTextContent("Download allowed");
  });

  it("lists links with status and decision, copies one and revokes it after confirming", async () => {
    const links: ReviewLink[] = [
      link("l1", {
        name: "For Dana",
        commentCount: 3,
        openCommentCount: 1,
        decision: { decision: "changes_requested", name: "Dana", note: "Wider in scene 2", at: "2026-11-20T12:00:00.000Z" },
      }),
      link("l0", { name: "For Sam", status: "expired", expiresAt: "2026-11-01T00:00:00.000Z" }),
    ];
    const { user, fetchMock } = open({
      "GET /api/renders/r1/review-links": () => ({ links }),
      "DELETE /api/review-links/l1": () => ({ link: { ...links[0], status: "revoked", revokedAt: "2026-11-21T00:00:00.000Z" } }),
    });
    const dana = await screen.findByRole("listitem", { name: "For Dana" });
    expect(dana).toHaveTextContent("Active");
    expect(dana).toHaveTextContent("3 comments, 1 open");
    expect(dana).toHaveTextContent("Changes requested by Dana: Wider in scene 2");
    const sam = screen.getByRole("listitem", { name: "For Sam" });
    expect(sam).toHaveTextContent("Expired");
    expect(within(sam).queryByRole("button")).not.toBeInTheDocument();

    await user.click(within(dana).getByRole("button", { name: "Copy link 'For Dana'" }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/review#token-l1`);

    await user.click(within(dana).getByRole("button", { name: "Revoke 'For Dana'" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("This review link is no longer active.");
    await user.click(within(confirm).getByRole("button", { name: "Revoke link" }));
    await waitFor(() => expect(screen.getByRole("listitem", { name: "For Dana" })).toHaveTextContent("Revoked"));
    expect(within(screen.getByRole("listitem", { name: "For Dana" })).queryByRole("button")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "DELETE /api/review-links/l1")).toHaveLength(1);
  });

  it("badges each frame with its open threads, lists the threads, replies and resolves", async () => {
    let comments: ReviewComment[] = [
      ownerComment("c1", { blockId: "b0002", text: "Too dark", createdAt: "2026-11-20T10:00:00.000Z" }),
      ownerComment("c2", { blockId: "b0002", name: "Sam", text: "Hold longer", atMs: 2500, createdAt: "2026-11-20T10:05:00.000Z" }),
      ownerComment("c3", { blockId: "b0001", text: "Fixed already", resolved: true }),
      ownerComment("c4", { blockId: "b0003", text: "Reply on three", parentId: "c5" }),
      ownerComment("c5", { blockId: "b0003", text: "Who is this?", outdated: true, createdAt: "2026-11-19T10:00:00.000Z" }),
    ];
    const { user, fetchMock } = open({
      "GET /api/renders/r1/comments": () => ({ comments, decisions: [], frames: BOARD_NAMES }),
      "POST /api/renders/r1/comments": (init) => {
        const body = JSON.parse(String(init.body)) as { parentId: string; text: string };
        return json({ comment: ownerComment("c9", { ...body, author: "owner", name: "Jane Writer", createdAt: "2026-11-21T10:00:00.000Z" }) }, 201);
      },
      "POST /api/comments/c1/resolve": () => {
        comments = comments.map((c) => (c.commentId === "c1" ? { ...c, resolved: true } : c));
        return { comment: comments[0] };
      },
    });
    await waitFor(() => expect(shots()[1]).toHaveTextContent("2 open comments"));
    expect(shots()[0]).not.toHaveTextContent("open comment");
    expect(shots()[2]).toHaveTextContent("1 open comment");

    const panel = screen.getByRole("region", { name: "Review comments" });
    expect(within(panel).getByRole("heading", { name: "3 open of 4 threads" })).toBeInTheDocument();
    // Open threads first, in the video's order; the resolved one last. Each frame is named as the reviewer's
    // page names it (the API's board labels), not by its place in the timeline.
    expect(within(panel).getAllByRole("article").map((a) => within(a).getAllByText(/./)[0].textContent)).toEqual([
      "Scene 1 Shot 1B",
      "Scene 1 Shot 1B at 0:02",
      "Scene 2 Shot 2A",
      "Scene 1 Shot 1A",
    ]);
    const three = thread("Dana", "Who is this?");
    expect(within(three).getByText("Outdated")).toBeInTheDocument();
    expect(within(within(three).getByRole("list", { name: "Replies" })).getByText("Reply on three")).toBeInTheDocument();
    expect(within(three).getByText("via For Dana")).toBeInTheDocument();

    const dark = thread("Dana", "Too dark");
    await user.click(within(dark).getByRole("button", { name: "Reply to Dana" }));
    await user.type(within(dark).getByLabelText("Reply to Dana"), "Brighter next draft.");
    await user.click(within(dark).getByRole("button", { name: "Send reply" }));
    expect(await within(dark).findByText("Brighter next draft.")).toBeInTheDocument();
    expect(within(dark).getByText("Writer")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/renders/r1/comments")).toEqual([{ parentId: "c1", text: "Brighter next draft." }]);

    await user.click(within(dark).getByRole("button", { name: "Resolve the comment by Dana" }));
    await waitFor(() => expect(shots()[1]).toHaveTextContent("1 open comment"));
    expect(callsTo(fetchMock, "POST /api/comments/c1/resolve")).toEqual([{ resolved: true }]);
    expect(within(thread("Dana", "Too dark")).getByText("Resolved")).toBeInTheDocument();
    expect(within(thread("Dana", "Too dark")).getByRole("button", { name: "Reopen the comment by Dana" })).toBeInTheDocument();
  });

  it("names the timeline's frames as the reviewer's page does, not 1, 2, 3", async () => {
    const { user } = open({});
    await waitFor(() => expect(shots()[1]).toHaveTextContent("Scene 1 Shot 1B"));
    expect(shots().map((shot) => within(shot).getByRole("button").getAttribute("aria-label")?.split(" at ")[0])).toEqual(
      BOARD_NAMES.map((f) => f.label),
    );
    expect(within(shots()[2]).getByRole("button", { name: /^Scene 2 Shot 2A at 0:0\d/ })).toHaveTextContent("Scene 2 Shot 2A");
    // The image picker it opens names the shot alike.
    await user.click(within(shots()[2]).getByRole("button"));
    expect(await within(await screen.findByRole("dialog")).findByRole("region", { name: "Scene 2 Shot 2A" })).toBeInTheDocument();
  });

  it("is not offered before the render is finished", async () => {
    const { fetchMock } = open({}, renderJob({ status: "assets_ready", ...completeAssets, outputFilePath: null }));
    expect(await screen.findByRole("heading", { level: 1, name: "Farmland Render" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Share for review" })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "GET /api/renders/r1/review-links")).toHaveLength(0);
    expect(callsTo(fetchMock, "GET /api/renders/r1/comments")).toHaveLength(0);
  });
});
