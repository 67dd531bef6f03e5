import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, mockFetch, renderApp, testUser, type Handler } from "../../../test/render";
import type { RenderJob } from "../api/renders";
import { completeAssets, env, renderJob } from "../test/fixtures";

function open(render: RenderJob | (() => unknown), handlers: Record<string, Handler> = {}, path = "/renders/r1") {
  const fetchMock = mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/env": () => env,
    "GET /api/renders/r1": typeof render === "function" ? render : () => render,
    "GET /api/renders/mediaCompletion/r1": () => ({
      total: 8,
      remaining: 4,
      typeBreakdown: { audio: { total: 4, remaining: 1 }, image: { total: 4, remaining: 3 } },
    }),
    ...handlers,
  });
  return { user: userEvent.setup(), fetchMock, ...renderApp(path) };
}

const heading = () => screen.findByRole("heading", { level: 1, name: "Farmland Render" });

describe("render detail", () => {
  it("shows title, style name, creation date, a readable status badge and Back to the screenplay", async () => {
    open(renderJob({ status: "descriptions_ready" }));
    const h1 = await heading();
    const badge = within(h1.parentElement as HTMLElement).getByText("Descriptions ready for review");
    expect(badge).toHaveAttribute("data-tone", "neutral");
    expect(screen.getByText(/Gritty Noir · Created May 3, 2025/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/screenplays/sp-1");
    expect(screen.getByRole("button", { name: "Refresh" })).toBeInTheDocument();
  });

  it.each([
    ["queued", "Queued", "yellow"],
    ["rendering", "Rendering", "yellow"],
    ["generating_assets", "Generating images & audio", "yellow"],
    ["assets_ready", "Images ready for review", "neutral"],
    ["failed", "Failed", "red"],
  ])("labels %s as '%s' in %s", async (status, label, tone) => {
    open(renderJob({ status }));
    const h1 = await heading();
    const badge = within(h1.parentElement as HTMLElement).getByText(label);
    expect(badge).toHaveAttribute("data-tone", tone);
    expect(within(badge).queryByTestId("status-spinner") !== null).toBe(status === "rendering");
  });

  it("says 'Render not found' with a link to the dashboard on a 404", async () => {
    open(() => apiError(404, "Render not found", "not_found"));
    expect(await screen.findByText("Render not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("offers to try again on other failures", async () => {
    let calls = 0;
    open(() => (++calls === 1 ? apiError(500, "Boom", "internal") : renderJob()));
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.queryByText("Render not found")).not.toBeInTheDocument();
    await userEvent.click(retry);
    expect(await heading()).toBeInTheDocument();
  });

  it("shows progress with media counts while generating", async () => {
    open(renderJob({ status: "generating_assets" }));
    await heading();
    // 4 of 8 done: 4/8 × 90 = 45 %.
    expect(await screen.findByText("45%")).toBeInTheDocument();
    expect(screen.getByText("Images").nextElementSibling).toHaveTextContent("1 of 4");
    expect(screen.getByText("Narration").nextElementSibling).toHaveTextContent("3 of 4");
  });

  it("reads the media counts again when generation ends: 90% once none remain", async () => {
    let status = "generating_assets";
    let remaining = 4;
    const { user } = open(() => renderJob({ status }), {
      "GET /api/renders/mediaCompletion/r1": () => ({
        total: 8,
        remaining,
        typeBreakdown: { audio: { total: 4, remaining: remaining / 2 }, image: { total: 4, remaining: remaining / 2 } },
      }),
    });
    expect(await screen.findByText("45%")).toBeInTheDocument();
    status = "assets_ready";
    remaining = 0;
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("90%")).toBeInTheDocument();
    status = "compiling";
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("Finishing the video, poster, audio track and project archive.")).toBeInTheDocument();
    expect(await screen.findByText("90%")).toBeInTheDocument();
  });

  it("shows time left from the compile's measured rate, and 'almost done' once every segment is encoded", async () => {
    const started = Date.now() - 60_000;
    const pace = { compileStartedAt: new Date(started).toISOString(), videoMs: 600_000, measuredAt: new Date().toISOString() };
    open(renderJob({ status: "compiling", pace: { ...pace, videoEncodedMs: 120_000 } }));
    // 2 of 10 minutes of video in one minute: four minutes more.
    expect(await screen.findByText("about 4 minutes left")).toBeInTheDocument();
    cleanup();
    open(renderJob({ status: "compiling", pace: { ...pace, videoEncodedMs: 600_000 } }));
    expect(await screen.findByText("almost done")).toBeInTheDocument();
  });

  it("says a render cut off by a crash is resuming, and shows no time left for one that is not moving", async () => {
    const stalledFor = 20 * 60_000;
    const pace = { compileStartedAt: new Date(Date.now() - stalledFor).toISOString(), videoMs: 600_000, videoEncodedMs: 600_000 };
    open(renderJob({ status: "compiling", pace: { ...pace, measuredAt: new Date(Date.now() - stalledFor).toISOString() } }));
    expect(await screen.findByText("Finishing the video, poster, audio track and project archive.")).toBeInTheDocument();
    expect(screen.queryByText(/almost done/)).not.toBeInTheDocument();
    expect(screen.queryByText(/interrupted/)).not.toBeInTheDocument();
    cleanup();
    const resumedAt = new Date().toISOString();
    open(renderJob({ status: "compiling", resumedAt, pace: { ...pace, measuredAt: resumedAt } }));
    expect(await screen.findByText("This render was interrupted; resuming.")).toBeInTheDocument();
  });

  it("shows 5% while queued and no time left", async () => {
    open(renderJob({ status: "queued" }));
    expect(await screen.findByText("5%")).toBeInTheDocument();
    expect(screen.queryByText(/Estimated time left/)).not.toBeInTheDocument();
  });

  it("shows 'Render Failed' with the reason, and Retry reads the render again", async () => {
    const { user, fetchMock } = open(
      renderJob({ status: "failed", failureReason: "The images could not be made. Your 300 points have been refunded." }),
    );
    expect(await screen.findByText("Render Failed")).toBeInTheDocument();
    expect(screen.getByText(/Your 300 points have been refunded/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(callsTo(fetchMock, "GET /api/renders/r1")).toHaveLength(2));
  });

  it("shows the 'Descriptions Coming Soon' dialog when sent from the prepare screen, closed with 'Got it'", async () => {
    const { user, router } = open(renderJob({ status: "queued" }), {}, "/dashboard");
    await act(() => router.navigate("/renders/r1", { state: { showDescriptionsComingSoon: true } }));
    const dialog = await screen.findByRole("dialog", { name: "Descriptions Coming Soon" });
    expect(dialog).toHaveTextContent("about 2 minutes");
    await user.click(within(dialog).getByRole("button", { name: "Got it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.state).toBeNull();
  });

  it("does not show that dialog when the descriptions are already ready", async () => {
    const { router } = open(renderJob({ status: "descriptions_ready" }), {}, "/dashboard");
    await act(() => router.navigate("/renders/r1", { state: { showDescriptionsComingSoon: true } }));
    await heading();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("holds the progress at a review gate and says it is waiting for the writer", async () => {
    open(renderJob({ status: "descriptions_ready", createdAt: "2020-01-01T00:00:00.000Z" }));
    expect(await screen.findByText("10%")).toBeInTheDocument();
    expect(screen.getByTestId("waiting-for-you")).toHaveTextContent("Waiting for you");
  });

  it("does not show that dialog on a plain visit", async () => {
    open(renderJob({ status: "queued" }));
    await heading();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("saves edited descriptions and starts generating", async () => {
    const { user, fetchMock } = open(renderJob({ status: "descriptions_ready" }), {
      "PUT /api/renders/r1/descriptions": () => ({ renderJobId: "r1" }),
      "PUT /api/renders/status": () => ({ renderJobId: "r1", status: "generating_assets" }),
    });
    const mary = await screen.findByLabelText("MARY");
    expect(mary).toHaveValue("A farmer in her forties.");
    expect(screen.getByLabelText("EXT. FARM - DAY")).toHaveValue("A dusty yard.");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    await user.clear(mary);
    await user.type(mary, "A tall farmer.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Descriptions Updated")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT /api/renders/r1/descriptions")).toEqual([
      { characterDictionary: { MARY: { description: "A tall farmer." } }, sceneDictionary: { b0001: { description: "A dusty yard." } } },
    ]);
    await user.click(screen.getByRole("button", { name: "Start Generating" }));
    expect(await screen.findByText("Generation Started")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT /api/renders/status")).toEqual([{ renderJobId: "r1", status: "generating_assets" }]);
  });

  it("shows each character's reference picture and replaces it with the writer's own", async () => {
    const base = renderJob({ status: "descriptions_ready" });
    const withReference = renderJob({
      status: "descriptions_ready",
      screenplaySnapshot: {
        ...base.screenplaySnapshot,
        characterDictionary: { MARY: { description: "A farmer in her forties.", isSpeaker: true, reference: { key: "renders/u1/r1/references/mary.jpg", hash: "h1" } } },
      },
    });
    const { user, fetchMock } = open(withReference, { "PUT /api/renders/r1/character-reference": () => ({ renderJobId: "r1", name: "MARY" }) });
    const picture = await screen.findByRole("img", { name: "Reference picture of MARY" });
    expect(picture.getAttribute("src")).toContain("renders/u1/r1/references/mary.jpg");
    await user.upload(screen.getByLabelText("Picture of MARY"), new File([new Uint8Array([1, 2, 3])], "mary.png", { type: "image/png" }));
    await waitFor(() => expect(callsTo(fetchMock, "PUT /api/renders/r1/character-reference")).toEqual([{ name: "MARY", image: "AQID" }]));
  });

  it("reports failures of saving and of starting", async () => {
    const { user } = open(renderJob({ status: "descriptions_ready" }), {
      "PUT /api/renders/r1/descriptions": () => apiError(409, "Not now", "conflict"),
      "PUT /api/renders/status": () => apiError(409, "Not now", "conflict"),
    });
    const mary = await screen.findByLabelText("MARY");
    await user.type(mary, " More.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Update Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to save descriptions. Please try again.")).toBeInTheDocument();
    await user.clear(mary);
    await user.type(mary, "A farmer in her forties.");
    await user.click(screen.getByRole("button", { name: "Start Generating" }));
    expect(await screen.findByText("Generation Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to start image and audio generation. Please try again.")).toBeInTheDocument();
  });

  it("creates the video from assets_ready", async () => {
    const { user, fetchMock } = open(renderJob({ status: "assets_ready", posterImagePath: "renders/r1/poster.jpg" }), {
      "PUT /api/renders/status": () => ({ renderJobId: "r1", status: "rendering" }),
    });
    await user.click(await screen.findByRole("button", { name: "Create Video" }));
    await waitFor(() => expect(callsTo(fetchMock, "PUT /api/renders/status")).toEqual([{ renderJobId: "r1", status: "rendering" }]));
    expect(screen.getByRole("img", { name: "Poster of Farmland Render" })).toHaveAttribute(
      "src",
      "http://media.test/bucket/renders/r1/poster.jpg",
    );
    expect(screen.queryByRole("list", { name: "Downloads" })).toBeInTheDocument();
  });

  it("plays and offers downloads of a complete render, without Refresh", async () => {
    open(renderJob({ status: "complete", ...completeAssets }));
    await heading();
    const video = await screen.findByLabelText("Video of Farmland Render");
    expect(video.tagName).toBe("VIDEO");
    expect(video).toHaveAttribute("src", "http://media.test/bucket/renders/r1/video.mp4");
    expect(video).toHaveAttribute("controls");
    const links = within(screen.getByRole("list", { name: "Downloads" })).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href"), l.getAttribute("download")])).toEqual([
      // The server signs each download with its name (docs/decisions.md#private-media).
      ["Video", "http://media.test/bucket/renders/r1/video.mp4?download=Farmland-Render.mp4", "Farmland-Render.mp4"],
      ["Audio", "http://media.test/bucket/renders/r1/audio.mp3?download=Farmland-Render-audio.mp3", "Farmland-Render-audio.mp3"],
      ["Poster", "http://media.test/bucket/renders/r1/poster.jpg?download=Farmland-Render-poster.jpg", "Farmland-Render-poster.jpg"],
      [
        "Project files",
        "http://media.test/bucket/renders/r1/project.zip?download=Farmland-Render-project.zip",
        "Farmland-Render-project.zip",
      ],
    ]);
    expect(screen.queryByRole("button", { name: "Refresh" })).not.toBeInTheDocument();
    const voices = screen.getByRole("table");
    expect(
      within(voices)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["CharacterVoice", "NarratorGeorge", "MARYAlice"]);
  });

  it("plays a 9:16 render upright and lays its storyboard PDF out again in the layout chosen, with the PDF and the shot list to download", async () => {
    const board = { storyboardPdfPath: "renders/r1/storyboard.pdf", shotListPath: "renders/r1/shot-list.csv", aspect: "9:16", pdfLayout: "6-landscape" };
    let layout = "6-landscape";
    const { user, fetchMock } = open(() => renderJob({ status: "complete", ...completeAssets, ...board, pdfLayout: layout }), {
      "POST /api/renders/r1/storyboard-pdf": (init) => {
        layout = (JSON.parse(String(init.body)) as { layout: string }).layout;
        return { storyboardPdfPath: "renders/r1/storyboard.pdf", pdfLayout: layout };
      },
    });
    await heading();
    const video = await screen.findByLabelText("Video of Farmland Render");
    expect(video.style.aspectRatio).toBe("720 / 1280");
    const links = within(screen.getByRole("list", { name: "Downloads" })).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("download"))).toEqual(
      expect.arrayContaining(["Farmland-Render-storyboard.pdf", "Farmland-Render-shot-list.csv"]),
    );
    const layouts = screen.getByRole("radiogroup", { name: "Storyboard PDF layout" });
    expect(within(layouts).getAllByRole("radio")).toHaveLength(6);
    expect(within(layouts).getByRole("radio", { name: "6 panels a page, landscape" })).toBeChecked();
    await user.click(within(layouts).getByRole("radio", { name: "2 panels a page, portrait" }));
    expect(await screen.findAllByText("The download now has the layout you chose.")).not.toHaveLength(0);
    expect(callsTo(fetchMock, "POST /api/renders/r1/storyboard-pdf")).toEqual([{ layout: "2-portrait" }]);
    await waitFor(() => expect(within(layouts).getByRole("radio", { name: "2 panels a page, portrait" })).toBeChecked());
  });

  it("re-renders for 40 points a page, and reports the server's refusal", async () => {
    let ok = true;
    const { user, fetchMock } = open(renderJob({ status: "complete", ...completeAssets }), {
      "POST /api/renders/re-render": () =>
        ok ? { renderJobId: "r1", status: "rendering" } : apiError(402, "A re-render costs 120 points.", "payment_required"),
    });
    const button = await screen.findByRole("button", { name: "Re-render for 120 points" });
    await user.click(button);
    expect(await screen.findByText("Re-render Started")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/renders/re-render")).toEqual([{ renderJobId: "r1" }]);
    ok = false;
    await user.click(button);
    expect(await screen.findByText("Re-render Failed")).toBeInTheDocument();
    expect(screen.getByText("A re-render costs 120 points.")).toBeInTheDocument();
  });
});
