import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, mockFetch, renderApp, testUser, type Handler } from "../../../test/render";
import type { ImageRequestView, RenderJob } from "../api/renders";
import { block, env, renderJob } from "../test/fixtures";

const blocks = [
  block(1, { duration: 3000 }),
  block(2, { duration: null, text: "The barn DOOR creaks open." }),
  block(3, { duration: 500 }),
  block(4, { hasMedia: false, type: "parenthetical", imageUrl: [], duration: null }),
  ...Array.from({ length: 10 }, (_, i) => block(i + 5, { text: i % 2 ? `Mary walks to the door ${i}` : `Rain on the roof ${i}` })),
];

function open(handlers: Record<string, Handler> = {}, extra: Partial<RenderJob> = {}) {
  let current = renderJob({ status: "assets_ready", ...extra, screenplaySnapshot: { ...renderJob().screenplaySnapshot, blocks } });
  let frames: ImageRequestView[] = [];
  const fetchMock = mockFetch({
    "GET /api/renders/r1/image-requests": () => ({ items: frames }),
    "GET /api/user": () => testUser,
    "GET /api/env": () => env,
    "GET /api/renders/r1": () => current,
    "GET /api/renders/mediaCompletion/r1": () => ({
      total: 0,
      remaining: 0,
      typeBreakdown: { audio: { total: 0, remaining: 0 }, image: { total: 0, remaining: 0 } },
    }),
    ...handlers,
  });
  const setRender = (next: RenderJob) => (current = next);
  const setFrames = (next: ImageRequestView[]) => (frames = next);
  return { user: userEvent.setup(), fetchMock, setRender, setFrames, ...renderApp("/renders/r1") };
}

const track = () => screen.findByTestId("timeline-track");
const widths = () => screen.getAllByTestId("timeline-block").map((li) => li.style.width);

describe("timeline editor", () => {
  it("lays out media blocks by time on screen at 0.02 px/ms, at least 30 px", async () => {
    open();
    await track();
    expect(screen.getAllByTestId("timeline-block")).toHaveLength(13);
    expect(widths().slice(0, 3)).toEqual(["60px", "30px", "30px"]);
    expect(
      screen
        .getAllByTestId("timeline-block")
        .map((li) => li.style.left)
        .slice(0, 4),
    ).toEqual(["0px", "60px", "90px", "120px"]);
  });

  it("zooms in and out by 1.5 and stops at the limits", async () => {
    const { user } = open();
    await track();
    await user.click(screen.getByRole("button", { name: "Zoom in" }));
    // The second shot has no narration: it is on screen for the shortest hold, 1.5 s.
    expect(widths().slice(0, 2)).toEqual(["90px", "45px"]);
    await user.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(widths().slice(0, 2)).toEqual(["135px", "67.5px"]);
    await user.click(screen.getByRole("button", { name: "Zoom out" }));
    await user.click(screen.getByRole("button", { name: "Zoom out" }));
    await user.click(screen.getByRole("button", { name: "Zoom out" }));
    expect(widths()[0]).toBe("40px");
    const zoomOut = screen.getByRole("button", { name: "Zoom out" });
    for (let i = 0; i < 12 && !(zoomOut as HTMLButtonElement).disabled; i++) await user.click(zoomOut);
    expect(zoomOut).toBeDisabled();
    expect(new Set(widths())).toEqual(new Set(["30px"]));
  });

  it("moves between blocks with the arrow keys and opens the picker with Enter", async () => {
    const { user } = open();
    await track();
    const buttons = within(await track()).getAllByRole("button");
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0].focus();
    await user.keyboard("{ArrowRight}");
    expect(buttons[1]).toHaveFocus();
    await user.keyboard("{End}");
    expect(buttons[12]).toHaveFocus();
    await user.keyboard("{Home}{ArrowRight}{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Choose an image" });
    expect(within(dialog).getByText("The barn DOOR creaks open.", { selector: "p" })).toBeInTheDocument();
  });
});

describe("image picker", () => {
  it("searches shots case-insensitively, 8 per page", async () => {
    const { user } = open();
    await user.click(within(await track()).getAllByRole("button")[0]);
    const dialog = await screen.findByRole("dialog", { name: "Choose an image" });
    const list = () => within(dialog).getByRole("list", { name: "Matching shots" });
    expect(within(list()).getAllByRole("button")).toHaveLength(8);
    expect(within(dialog).getByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: /Next/ }));
    expect(within(list()).getAllByRole("button")).toHaveLength(5);
    await user.type(within(dialog).getByLabelText("Search shots"), "DOOR");
    expect(
      within(list())
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([
      "2The barn DOOR creaks open.",
      "5Mary walks to the door 1",
      "7Mary walks to the door 3",
      "9Mary walks to the door 5",
      "11Mary walks to the door 7",
      "13Mary walks to the door 9",
    ]);
    expect(within(dialog).queryByText(/Page 1 of/)).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText("Search shots"));
    await user.type(within(dialog).getByLabelText("Search shots"), "helicopter");
    expect(within(dialog).getByText("No shots match your search.")).toBeInTheDocument();
  });

  it("requires choosing another image, then saves it first in the order", async () => {
    const { user, fetchMock } = open({ "POST /api/renders/save-image-order": () => ({ ok: true }) });
    await user.click(within(await track()).getAllByRole("button")[0]);
    const dialog = await screen.findByRole("dialog", { name: "Choose an image" });
    const save = within(dialog).getByRole("button", { name: "Use this image" });
    expect(within(dialog).getByRole("radio", { name: "Image 1 (in the video)" })).toBeChecked();
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole("radio", { name: "Image 2" }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "POST /api/renders/save-image-order")).toEqual([
      { renderJobId: "r1", blockId: "b0001", imageUrl: ["renders/r1/images/1-b.png", "renders/r1/images/1-a.png"] },
    ]);
  });

  it("switches shots inside the picker", async () => {
    const { user } = open();
    await user.click(within(await track()).getAllByRole("button")[0]);
    const dialog = await screen.findByRole("dialog", { name: "Choose an image" });
    await user.click(within(dialog).getByRole("button", { name: /Shot number 3 happens/ }));
    expect(within(dialog).getByRole("region", { name: "Shot 3" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Prompt for a new image")).toHaveValue("Prompt for shot 3");
  });

  it("generates a new image from a required prompt, then selects it once it is ready", async () => {
    const newUrl = "renders/r1/images/1-gen.png";
    const frame = (status: ImageRequestView["status"], url?: string): ImageRequestView => ({
      requestId: "q1",
      blockId: "b0001",
      prompt: "A red barn at dusk",
      status,
      url,
      createdAt: "2026-11-26T10:00:00.000Z",
    });
    const { user, fetchMock, setRender, setFrames } = open({
      "POST /api/renders/blocks/image": () => {
        // Answered pending; drawn by the time the picker asks again.
        setFrames([frame("ready", newUrl)]);
        setRender(
          renderJob({
            status: "assets_ready",
            screenplaySnapshot: {
              ...renderJob().screenplaySnapshot,
              blocks: [{ ...blocks[0], imageUrl: [...blocks[0].imageUrl, newUrl] }, ...blocks.slice(1)],
            },
          }),
        );
        return frame("pending");
      },
    });
    await user.click(within(await track()).getAllByRole("button")[0]);
    const dialog = await screen.findByRole("dialog", { name: "Choose an image" });
    expect(within(dialog).getByText("Each new image costs 10 points.")).toBeInTheDocument();
    const prompt = within(dialog).getByLabelText("Prompt for a new image");
    expect(prompt).toHaveValue("Prompt for shot 1");
    const generate = within(dialog).getByRole("button", { name: "Generate new image" });
    await user.clear(prompt);
    await user.type(prompt, "   ");
    expect(generate).toBeDisabled();
    await user.type(prompt, "A red barn at dusk");
    await user.click(generate);
    expect(await within(dialog).findByRole("radio", { name: "Image 3" })).toBeChecked();
    expect(callsTo(fetchMock, "POST /api/renders/blocks/image")).toEqual([
      { renderJobId: "r1", blockId: "b0001", imagePrompt: "A red barn at dusk", idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
  });

  it("sends one request for a double click, and a new key for the next intent", async () => {
    let answer!: () => void;
    const { user, fetchMock } = open({
      "POST /api/renders/blocks/image": () =>
        new Promise((resolve) => {
          answer = () => resolve({ requestId: "q1", blockId: "b0001", prompt: "x", status: "pending", createdAt: "2026-11-26T10:00:00.000Z" });
        }),
    });
    await user.click(within(await track()).getAllByRole("button")[0]);
    const dialog = await screen.findByRole("dialog", { name: "Choose an image" });
    await user.dblClick(within(dialog).getByRole("button", { name: "Generate new image" }));
    expect(within(dialog).getByRole("button", { name: "Sending..." })).toBeDisabled();
    await waitFor(() => expect(callsTo(fetchMock, "POST /api/renders/blocks/image")).toHaveLength(1));
    answer();
    await user.click(await within(dialog).findByRole("button", { name: "Generate new image" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST /api/renders/blocks/image")).toHaveLength(2));
    answer();
    const [first, second] = callsTo(fetchMock, "POST /api/renders/blocks/image") as { idempotencyKey: string }[];
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it("shows a pending frame, and a refused one with 'Edit prompt' and a free 'Use a drawn frame'", async () => {
    const refused: ImageRequestView = {
      requestId: "q2",
      blockId: "b0001",
      prompt: "A fight in the rain",
      status: "refused",
      message: "The image service refused this prompt: Your request was rejected by the safety system. Edit the prompt or use a drawn frame. Your points are refunded.",
      createdAt: "2026-11-26T10:00:00.000Z",
    };
    const pending: ImageRequestView = { ...refused, requestId: "q3", prompt: "A quiet barn", status: "pending", message: undefined };
    const { user, fetchMock, setFrames } = open({
      "POST /api/renders/blocks/drawn-frame": () => ({ ...refused, status: "drawn", url: "renders/r1/images/1-drawn.png" }),
    });
    // The render's own frame of this shot was refused too, and drawn in its place.
    const inPlace: ImageRequestView = { ...refused, requestId: "main-b0001", prompt: "Prompt for shot 1", status: "drawn", url: blocks[0].imageUrl[0] };
    setFrames([pending, refused, inPlace]);
    await user.click(within(await track()).getAllByRole("button")[0]);
    const dialog = await screen.findByRole("dialog", { name: "Choose an image" });
    expect(await within(dialog).findByText(/Generating a new image: .A quiet barn./)).toBeInTheDocument();
    const [notice, drawnInPlace] = within(dialog).getAllByRole("alert");
    expect(notice).toHaveTextContent(refused.message!);
    expect(drawnInPlace).toHaveTextContent("This shot shows a drawn frame in its place, at no extra cost.");
    expect(within(drawnInPlace).queryByRole("button", { name: "Use a drawn frame" })).not.toBeInTheDocument();
    expect(within(drawnInPlace).getByRole("button", { name: "Edit prompt" })).toBeInTheDocument();
    await user.click(within(notice).getByRole("button", { name: "Edit prompt" }));
    expect(within(dialog).getByLabelText("Prompt for a new image")).toHaveValue("A fight in the rain");
    expect(within(dialog).getByLabelText("Prompt for a new image")).toHaveFocus();
    await user.click(within(notice).getByRole("button", { name: "Use a drawn frame" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST /api/renders/blocks/drawn-frame")).toEqual([{ renderJobId: "r1", requestId: "q2" }]));
    expect(callsTo(fetchMock, "POST /api/renders/blocks/image")).toHaveLength(0);
  });

  it("only logs a failed generation, then reads the render again", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, fetchMock } = open({ "POST /api/renders/blocks/image": () => apiError(402, "Too few points", "payment_required") });
    await user.click(within(await track()).getAllByRole("button")[0]);
    const dialog = await screen.findByRole("dialog", { name: "Choose an image" });
    const before = callsTo(fetchMock, "GET /api/renders/r1").length;
    await user.click(within(dialog).getByRole("button", { name: "Generate new image" }));
    await waitFor(() => expect(callsTo(fetchMock, "GET /api/renders/r1").length).toBe(before + 1));
    expect(logged).toHaveBeenCalledWith("Image generation failed", expect.anything());
    expect(screen.queryByText("Too few points")).not.toBeInTheDocument();
  });
});
