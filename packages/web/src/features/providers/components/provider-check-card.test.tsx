import { screen } from "@testing-library/react";
import { mockFetch, renderApp, testUser } from "../../../test/render";

const open = (check: unknown) => {
  mockFetch({ "GET /api/user": () => ({ ...testUser, roles: ["admin"] }), "GET /api/admin/provider-check": () => ({ check }) });
  return renderApp("/admin/fixes");
};

describe("admin fixes: cloud providers", () => {
  it("shows the last check's verdict and each finding in plain words", async () => {
    open({
      checkedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      level: "error",
      findings: [
        { provider: "OpenAI", level: "ok", message: "OpenAI accepts the key (42 models offered)." },
        { provider: "OpenAI", level: "error", message: "The image model gpt-image-1 was shut down on 2026-10-23: every frame will fail." },
      ],
      offline: ["ElevenLabs is not configured (ELEVENLABS_API_KEY): narration and voices are made offline."],
    });
    expect(await screen.findByText("The image model gpt-image-1 was shut down on 2026-10-23: every frame will fail.")).toBeInTheDocument();
    expect(screen.getByText(/checked 5 minutes ago/)).toBeInTheDocument();
    expect(screen.getAllByText("Will fail")).toHaveLength(2);
    expect(screen.getByText(/ElevenLabs is not configured/)).toBeInTheDocument();
  });

  it("says when no check has run yet", async () => {
    open(null);
    expect(await screen.findByText("No check has run yet.")).toBeInTheDocument();
  });
});
