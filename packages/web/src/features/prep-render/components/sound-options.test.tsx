import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubXhr } from "../../../test/fake-xhr";
import { callsTo, json, mockFetch, renderApp, testUser, type Handler } from "../../../test/render";

/** Prepare Render's sound and editing choices (docs/decisions.md#the-sound-mix, docs/decisions.md#music-uploads). */
const screenplay = {
  id: "sp-1",
  title: "Farmland",
  status: "ready",
  pageCount: 3,
  estimatedCost: 300,
  characterDictionary: { MARY: { description: "", isSpeaker: true, pronouns: { subject: "she", object: "her", possessive: "her" } } },
};
const voices = [{ voice_id: "george", name: "George", preview_url: "", labels: { gender: "male" } }];

function open(handlers: Record<string, Handler> = {}) {
  const { requests: puts } = stubXhr();
  const fetchMock = mockFetch({
    "GET /api/user": () => ({ ...testUser, points: 500 }),
    "GET /api/screenplays/sp-1": () => screenplay,
    "GET /api/voices": () => voices,
    "GET /api/renders/r9": () => json({ message: "later", code: "not_found" }, 404),
    "POST /api/renders": () => ({ id: "r9" }),
    ...handlers,
  });
  return { user: userEvent.setup(), fetchMock, puts, ...renderApp("/prep-render/sp-1") };
}

const track = new File([new Uint8Array([1, 2, 3])], "Harbour Theme.mp3", { type: "audio/mpeg" });
const ID = "11111111-2222-3333-4444-555555555555";
const PUT_PATH = `/media/media-bucket/music-incoming/u1/${ID}`;
const PUT_URL = `http://localhost${PUT_PATH}?X-Amz-Signature=abc`;
/** The API's two steps of an upload (docs/decisions.md#music-uploads-straight-to-the-bucket), the check answering `checked`; the PUT between them goes by XMLHttpRequest. */
const uploadSteps = (checked: Handler): Record<string, Handler> => ({
  "POST /api/music-uploads/presigned": () => ({ musicUploadId: ID, url: PUT_URL }),
  [`POST /api/music-uploads/${ID}/check`]: checked,
});

describe("prepare render: sound and editing", () => {
  it("uploads a track once its rights are confirmed, sets the three levels and the timelines' rate, and sends them", async () => {
    let check!: () => void;
    const checked = new Promise<void>((resolve) => (check = resolve));
    const { user, fetchMock, puts } = open(
      uploadSteps(async () => {
        await checked;
        return { musicUploadId: ID, fileName: "Harbour Theme.mp3", durationMs: 119_600, loudnessLufs: -14 };
      }),
    );
    await user.click(await screen.findByRole("radio", { name: /Upload/ }, { timeout: 10_000 }));
    const send = screen.getByRole("button", { name: "Upload track" });
    expect(send).toBeDisabled();
    await user.upload(screen.getByLabelText("Music track"), track);
    expect(send).toBeDisabled(); // the rights are not confirmed yet
    await user.click(screen.getByRole("checkbox", { name: /have the rights/ }));
    await user.click(send);
    // The size is signed first, the file goes straight to the bucket (its share shown), then the server checks it.
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(callsTo(fetchMock, "POST /api/music-uploads/presigned")).toEqual([{ fileName: "Harbour Theme.mp3", size: 3, rightsConfirmed: true }]);
    expect(puts[0]).toMatchObject({ method: "PUT", url: PUT_URL });
    expect(puts[0].body).toBe(track);
    expect(screen.getByRole("button", { name: "Uploading the track..." })).toBeDisabled();
    act(() => puts[0].progress(1, 3));
    expect(screen.getByRole("button", { name: "Uploading the track... 33 %" })).toBeDisabled();
    expect(callsTo(fetchMock, `POST /api/music-uploads/${ID}/check`)).toEqual([]);
    act(() => puts[0].respond(200));
    expect(await screen.findByRole("button", { name: "Checking the track..." })).toBeDisabled();
    expect(callsTo(fetchMock, `POST /api/music-uploads/${ID}/check`)).toEqual([{ fileName: "Harbour Theme.mp3", rightsConfirmed: true }]);
    check();
    expect(await screen.findByText("Harbour Theme.mp3 (2:00) will play under the film.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload track" })).toBeEnabled();

    fireEvent.change(screen.getByRole("slider", { name: "Dialogue level" }), { target: { value: "3" } });
    fireEvent.change(screen.getByRole("slider", { name: "Narration level" }), { target: { value: "-4" } });
    fireEvent.change(screen.getByRole("slider", { name: "Music level" }), { target: { value: "-20" } });
    expect(screen.getByText("+3 dB")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "24 fps" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Confirm" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST /api/renders")).toHaveLength(1));
    expect(callsTo(fetchMock, "POST /api/renders")[0]).toMatchObject({
      music: "upload",
      musicUploadId: ID,
      mixLevels: { dialogue: 3, narration: -4, music: -20 },
      timelineFps: "24",
    });
  });

  it("shows the server's refusal of a track and will not render with Upload until one is accepted", async () => {
    const { user, fetchMock, puts } = open(uploadSteps(() => json({ message: "The track is silent. Choose a track with music in it.", code: "bad_request" }, 400)));
    await user.click(await screen.findByRole("radio", { name: /Upload/ }, { timeout: 10_000 }));
    await user.upload(screen.getByLabelText("Music track"), track);
    await user.click(screen.getByRole("checkbox", { name: /have the rights/ }));
    await user.click(screen.getByRole("button", { name: "Upload track" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    act(() => puts[0].respond(200));
    expect(await screen.findByRole("alert")).toHaveTextContent("The track is silent. Choose a track with music in it.");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Upload a music track, or choose generated music or none.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/renders")).toEqual([]);
  });

  it("has no music level without music, and generated music sends its choice", async () => {
    const { user, fetchMock } = open();
    await screen.findByRole("radio", { name: /None/ }, { timeout: 10_000 });
    expect(screen.queryByRole("slider", { name: "Music level" })).toBeNull();
    await user.click(screen.getByRole("radio", { name: /Generated/ }));
    expect(screen.getByRole("slider", { name: "Music level" })).toHaveValue("-12");
    await waitFor(() => expect(screen.getByRole("button", { name: "Confirm" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST /api/renders")).toHaveLength(1));
    expect(callsTo(fetchMock, "POST /api/renders")[0]).toMatchObject({ music: "generated", timelineFps: "25" });
  });
});
