import { DEFAULT_ASPECT } from "@storyboard/core/catalog/aspects";
import { DEFAULT_LEVELS, DEFAULT_MUSIC } from "@storyboard/core/mix/schema";
import { DEFAULT_FRAME_RATE } from "@storyboard/core/timeline/schema";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, json, mockFetch, renderApp, testUser, type Handler } from "../../../test/render";

const she = { subject: "she", object: "her", possessive: "her" };
const he = { subject: "he", object: "him", possessive: "his" };

const screenplay = {
  id: "sp-1",
  title: "Farmland",
  status: "ready",
  pageCount: 3,
  estimatedCost: 300,
  characterDictionary: {
    MARY: { description: "", isSpeaker: true, pronouns: she, gender: "female" },
    TOM: { description: "", isSpeaker: true, pronouns: he, gender: "male" },
    "OLD FARMER": { description: "", isSpeaker: false, pronouns: he, gender: "male" },
  },
};

const voice = (voice_id: string, name: string, gender?: string) => ({
  voice_id,
  name,
  preview_url: `/api/voices/${voice_id}/preview`,
  labels: gender ? { gender } : {},
});
const voices = [
  voice("george", "George", "male"),
  voice("james", "James", "male"),
  voice("callum", "Callum", "male"),
  voice("alice", "Alice", "female"),
  voice("rachel", "Rachel", "female"),
  voice("river", "River", "non-binary"),
  voice("ash", "Ash"),
];

function open(handlers: Record<string, Handler> = {}, points = 500) {
  const fetchMock = mockFetch({
    "GET /api/user": () => ({ ...testUser, points }),
    "GET /api/screenplays/sp-1": () => screenplay,
    "GET /api/voices": () => voices,
    "GET /api/renders/r9": () => json({ message: "later", code: "not_found" }, 404),
    ...handlers,
  });
  return { user: userEvent.setup(), fetchMock, ...renderApp("/prep-render/sp-1") };
}

const shortOfPoints = () =>
  json(
    {
      message: "This render costs 300 points and you have 120. You need 180 more points.",
      code: "payment_required",
      cost: 300,
      balance: 120,
      shortfall: 180,
    },
    402,
  );
const renderIntent = {
  clientSecret: "pi_1_secret_x",
  paymentIntentId: "pi_1",
  amount: 540,
  points: 180,
  cost: 300,
  balance: 120,
  missing: 180,
};

const row = (key: string) => screen.getByTestId(`voice-row-${key}`);
const titleInput = () => screen.findByRole("textbox", { name: "Render title" });

describe("prepare render", () => {
  it("starts with the spec's defaults", async () => {
    open();
    expect(await titleInput()).toHaveValue("Farmland Render");
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/screenplays/sp-1");
    const styles = screen.getByRole("radiogroup", { name: "Visual style" });
    expect(within(styles).getAllByRole("radio")).toHaveLength(6);
    expect(within(styles).getByRole("radio", { name: /Cinematic Realism/ })).toBeChecked();
    expect(within(styles).getByText("Anime (Beta)")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Review descriptions before images" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Review images before the video" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Burn captions into the video" })).not.toBeChecked();
    await waitFor(() => expect(row("NARRATOR")).toHaveTextContent("NarratorGeorge"));
    expect(row("MARY")).toHaveTextContent("Alice(female)");
    expect(row("TOM")).toHaveTextContent("James(male)");
    expect(screen.queryByTestId("voice-row-OLD FARMER")).not.toBeInTheDocument();
  });

  it("shows the cost, the balance and the balance after", async () => {
    open();
    await titleInput();
    expect(screen.getByTestId("render-cost")).toHaveTextContent("300 points");
    expect(screen.getByText("3 pages × 100 points")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("current-balance")).toHaveTextContent("500 points"));
    expect(screen.getByTestId("balance-after")).toHaveTextContent("200 points");
    expect(screen.queryByText(/more points for this render/)).not.toBeInTheDocument();
  });

  it("warns when the balance is too low", async () => {
    open({}, 120);
    await titleInput();
    expect(await screen.findByText(/You need 180 more points for this render/)).toBeInTheDocument();
    // Never a negative balance after (docs/product.md#renders).
    expect(screen.getByTestId("balance-after")).toHaveTextContent("Not enough points");
  });

  it("requires a render title", async () => {
    const { user, fetchMock } = open();
    await user.clear(await titleInput());
    await user.type(await titleInput(), "   ");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Please enter a render title.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/renders")).toHaveLength(0);
  });

  it("filters voices by gender with counts, searches by name and needs a selection to confirm", async () => {
    const { user } = open();
    await waitFor(() => expect(row("MARY")).toHaveTextContent("Alice"));
    await user.click(screen.getByRole("button", { name: "Change voice for MARY" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose a voice for MARY" });
    const filters = within(dialog).getByRole("radiogroup", { name: "Filter by gender" });
    expect(
      within(filters)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["All (7)", "Male (3)", "Female (2)", "Neutral (2)"]);
    const list = () => within(dialog).getByRole("radiogroup", { name: "Voices" });
    expect(within(list()).getAllByRole("radio")).toHaveLength(7);
    await user.click(within(filters).getByRole("radio", { name: "Neutral (2)" }));
    expect(
      within(list())
        .getAllByRole("radio")
        .map((r) => r.getAttribute("aria-label")),
    ).toEqual(["River", "Ash"]);
    await user.click(within(filters).getByRole("radio", { name: "All (7)" }));
    await user.type(within(dialog).getByLabelText("Search voices"), "a");
    expect(
      within(filters)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["All (5)", "Male (2)", "Female (2)", "Neutral (1)"]);
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    expect(confirm).toBeDisabled();
    await user.click(within(list()).getByRole("radio", { name: "Rachel" }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(row("MARY")).toHaveTextContent("Rachel(female)");
  });

  it("plays a voice preview", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    const { user } = open();
    await waitFor(() => expect(row("NARRATOR")).toHaveTextContent("George"));
    await user.click(screen.getByRole("button", { name: "Change voice for Narrator" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose a voice for Narrator" });
    await user.click(within(dialog).getByRole("button", { name: "Play preview of Callum" }));
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(within(dialog).getByRole("button", { name: "Stop preview of Callum" })).toHaveAttribute("aria-pressed", "true");
    expect(dialog.querySelector("audio")?.getAttribute("src")).toBe("/api/voices/callum/preview");
  });

  it("says when the voices cannot be loaded", async () => {
    open({ "GET /api/voices": () => apiError(500, "down", "internal") });
    await titleInput();
    expect(await screen.findAllByText("Error Loading Voices")).not.toHaveLength(0);
    expect(screen.getAllByText("We couldn't load the voice options. Please try again later.").length).toBeGreaterThan(0);
  });

  it("creates the render with the chosen settings and opens it with the descriptions notice", async () => {
    const { user, fetchMock, router } = open({ "POST /api/renders": () => ({ id: "r9" }) });
    await waitFor(() => expect(row("MARY")).toHaveTextContent("Alice"));
    await user.click(screen.getByRole("radio", { name: /Gritty Noir/ }));
    await user.click(screen.getByRole("radio", { name: /9:16 vertical/ }));
    await user.click(screen.getByRole("switch", { name: "Review images before the video" }));
    await user.click(screen.getByRole("switch", { name: "Burn captions into the video" }));
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Render job created!")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/renders")).toEqual([
      {
        screenplayId: "sp-1",
        title: "Farmland Render",
        style: "noir",
        characterVoices: {
          NARRATOR: { voiceId: "george", voiceName: "George" },
          MARY: { voiceId: "alice", voiceName: "Alice" },
          TOM: { voiceId: "james", voiceName: "James" },
        },
        previewDescriptionsBeforeFirstImages: true,
        previewImagesBeforeFirstRender: false,
        burnCaptions: true,
        // The storyboard PDF's layout, at its default (docs/decisions.md#storyboard-pdf).
        pdfLayout: "6-landscape",
        aspect: "9:16",
        // The sound mix and the timelines' rate at their defaults (docs/decisions.md#the-sound-mix).
        music: "none",
        mixLevels: { dialogue: 0, narration: -2, music: -12 },
        timelineFps: "25",
        // One key per screen, so a double submit starts one render (docs/decisions.md#hardening).
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/renders/r9"));
    expect(router.state.location.state).toEqual({ showDescriptionsComingSoon: true });
  });

  it("offers the six aspects, 16:9 first; Cinematic Realism cannot pick the upright ones, and a style that cannot draw the choice says why", async () => {
    const { user, fetchMock } = open({ "POST /api/renders": () => ({ id: "r9" }) });
    await titleInput();
    const aspects = screen.getByRole("radiogroup", { name: "Aspect ratio" });
    expect(within(aspects).getAllByRole("radio")).toHaveLength(6);
    expect(within(aspects).getByRole("radio", { name: /16:9 widescreen/ })).toBeChecked();
    expect(within(aspects).getByRole("radio", { name: /9:16 vertical/ })).toBeDisabled();
    expect(within(aspects).getByRole("radio", { name: /2.39:1 scope/ })).toBeEnabled();
    expect(aspects).toHaveAccessibleDescription("Cinematic Realism is drawn in widescreen only: choose another style for 1:1, 4:5, 9:16.");
    await user.click(screen.getByRole("radio", { name: /Documentary/ }));
    expect(aspects).not.toHaveAccessibleDescription();
    await user.click(within(aspects).getByRole("radio", { name: /9:16 vertical/ }));
    await user.click(screen.getByRole("radio", { name: /Cinematic Realism/ }));
    expect(screen.getByRole("alert")).toHaveTextContent(/Cinematic Realism is drawn in widescreen only .* 9:16/);
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(callsTo(fetchMock, "POST /api/renders")).toEqual([]);
    // The quote is asked for the aspect too: a frame of another aspect is not reused.
    await waitFor(() =>
      expect(callsTo(fetchMock, "POST /api/screenplays/sp-1/render-quote").at(-1)).toMatchObject({ style: "cinematic", aspect: "9:16" }),
    );
  });

  it("switches to 'Complete Your Purchase' on a 402, and Back returns to the settings", async () => {
    const { user, fetchMock } = open(
      {
        "POST /api/renders": shortOfPoints,
        "POST /api/create-payment-intent": () => renderIntent,
      },
      120,
    );
    await titleInput();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Complete Your Purchase")).toBeInTheDocument();
    expect(screen.getByText("Cost").nextElementSibling).toHaveTextContent("300 points");
    expect(screen.getByText("Your balance").nextElementSibling).toHaveTextContent("120 points");
    expect(screen.getByText("Points needed").nextElementSibling).toHaveTextContent("180 points");
    expect(screen.getByRole("link", { name: "Buy points" })).toHaveAttribute("href", "/pricing");
    // The card pays only the missing points (docs/decisions.md#a-render-by-card-pays-only-what-is-missing), and says so.
    expect(await screen.findByTestId("render-price")).toHaveTextContent("$5.40");
    expect(screen.getByText("Balance after").nextElementSibling).toHaveTextContent("0 points");
    expect(screen.getByTestId("card-pays-what")).toHaveTextContent(
      "Your card pays $5.40 for the 180 points you are missing. Then the render takes its 300 points from your balance, so your 120 points are used, not charged again.",
    );
    expect(callsTo(fetchMock, "POST /api/create-payment-intent")).toEqual([
      { screenplayId: "sp-1", style: "cinematic", characterVoices: expect.any(Object), aspect: DEFAULT_ASPECT },
    ]);
    expect(screen.queryByRole("button", { name: "Confirm" })).not.toBeInTheDocument();
    expect(screen.queryByText("Error creating render job")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.queryByText("Complete Your Purchase")).not.toBeInTheDocument();
    expect(await titleInput()).toHaveValue("Farmland Render");
  });

  it("pays for the render by card in 'Complete Your Purchase', then starts it and opens it", async () => {
    const confirm = vi.fn(() => ({ id: "pi_1", status: "succeeded" }));
    const { user, fetchMock, router } = open(
      {
        "POST /api/renders": shortOfPoints,
        "POST /api/create-payment-intent": () => renderIntent,
        "GET /api/env": () => ({
          AWS_S3_URL_PREFIX: "/media/",
          STRIPE_PUBLISHABLE_KEY: "pk_test_local",
          STRIPE_API_URL: "http://stripe.local",
        }),
        "POST /v1/payment_intents/pi_1/confirm": confirm,
        "POST /api/purchase-render": () => ({ renderJob: { id: "r9" } }),
      },
      120,
    );
    await titleInput();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await user.click(await screen.findByRole("button", { name: "Pay $5.40" }));
    const dialog = await screen.findByRole("dialog", { name: "Complete Your Purchase" });
    await user.type(within(dialog).getByLabelText("Card number"), "4242424242424242");
    expect(within(dialog).getByLabelText("Card number")).toHaveValue("4242 4242 4242 4242");
    await user.type(within(dialog).getByLabelText("Expiry"), "1240");
    await user.type(within(dialog).getByLabelText("CVC"), "123");
    await user.click(within(dialog).getByRole("button", { name: "Pay $5.40" }));
    expect(await screen.findByText("Payment successful")).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).includes("/confirm"))!;
    expect((init?.headers as Record<string, string>).Authorization).toBe("Bearer pk_test_local");
    const form = new URLSearchParams(String(init?.body));
    expect(form.get("client_secret")).toBe("pi_1_secret_x");
    expect(form.get("payment_method_data[card][number]")).toBe("4242424242424242");
    expect(form.get("payment_method_data[card][exp_year]")).toBe("2040");
    expect(callsTo(fetchMock, "POST /api/purchase-render")[0]).toMatchObject({
      paymentIntentId: "pi_1",
      screenplayId: "sp-1",
      renderTitle: "Farmland Render",
      style: "cinematic",
      // Every setting the writer prepared, as POST /api/renders takes them: a render paid by card is the same render.
      aspect: DEFAULT_ASPECT,
      music: DEFAULT_MUSIC,
      mixLevels: DEFAULT_LEVELS,
      timelineFps: DEFAULT_FRAME_RATE,
      burnCaptions: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/renders/r9"));
  });

  it("shows a declined card's message in the payment overlay and starts nothing", async () => {
    const { user, fetchMock } = open(
      {
        "POST /api/renders": shortOfPoints,
        "POST /api/create-payment-intent": () => renderIntent,
        "GET /api/env": () => ({
          AWS_S3_URL_PREFIX: "/media/",
          STRIPE_PUBLISHABLE_KEY: "pk_test_local",
          STRIPE_API_URL: "http://stripe.local",
        }),
        "POST /v1/payment_intents/pi_1/confirm": () =>
          json({ error: { type: "card_error", code: "card_declined", message: "Your card was declined." } }, 402),
      },
      120,
    );
    await titleInput();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await user.click(await screen.findByRole("button", { name: "Pay $5.40" }));
    const dialog = await screen.findByRole("dialog", { name: "Complete Your Purchase" });
    await user.type(within(dialog).getByLabelText("Card number"), "4000000000000002");
    await user.type(within(dialog).getByLabelText("Expiry"), "1240");
    await user.type(within(dialog).getByLabelText("CVC"), "123");
    await user.click(within(dialog).getByRole("button", { name: "Pay $5.40" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Payment failed");
    expect(alert).toHaveTextContent("Your card was declined.");
    expect(callsTo(fetchMock, "POST /api/purchase-render")).toHaveLength(0);
  });

  it("reports other failures with the server's message", async () => {
    const { user } = open({ "POST /api/renders": () => apiError(409, "This screenplay is still being processed.", "conflict") });
    await titleInput();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Error creating render job")).toBeInTheDocument();
    expect(screen.getByText("This screenplay is still being processed.")).toBeInTheDocument();
  });

  it("says another account's (or a deleted) screenplay is not found, with a way back to the screenplays", async () => {
    open({ "GET /api/screenplays/sp-1": () => apiError(404, "Screenplay not found.", "not_found") });
    expect(await screen.findByText("Screenplay not found")).toBeInTheDocument();
    expect(screen.queryByText("Could not load screenplay data...")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Screenplays" })).toHaveAttribute("href", "/screenplays");
  });

  it("says when the screenplay cannot be loaded for another reason, and offers to try again", async () => {
    open({ "GET /api/screenplays/sp-1": () => apiError(500, "Something went wrong.", "internal") });
    expect(await screen.findByText("Could not load screenplay data...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
