import { fireEvent, screen, waitFor } from "@testing-library/react";
import { json, mockFetch, renderApp } from "../../../test/render";

const anonymous = { "GET /api/user": () => json({ message: "Unauthorized" }, 401) };

describe("/tutorials", () => {
  it("plays the overview video from TUTORIAL_VIDEO_URL and lists the three steps", async () => {
    mockFetch({ ...anonymous, "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", TUTORIAL_VIDEO_URL: "https://cdn.example.com/tour.mp4" }) });
    renderApp("/tutorials");
    expect(await screen.findByRole("heading", { level: 1, name: "How To Get Started" })).toBeInTheDocument();
    const video = await screen.findByLabelText("Overview tutorial video");
    expect(video.querySelector("video")).toHaveAttribute("src", "https://cdn.example.com/tour.mp4");
    expect(screen.getByLabelText("Overview tutorial: upload, render settings and a render")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Step 1. Upload your screenplay",
      "Step 2. Choose your render settings",
      "Step 3. Generate your renders",
    ]);
  });

  it("shows the steps without a player when no video is configured", async () => {
    mockFetch({ ...anonymous, "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", TUTORIAL_VIDEO_URL: null }) });
    renderApp("/tutorials");
    expect(await screen.findByText("Step 1.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Overview tutorial video")).not.toBeInTheDocument();
  });

  it("hides the player when the video has not been made yet", async () => {
    mockFetch({
      ...anonymous,
      "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "/media/", TUTORIAL_VIDEO_URL: "/media/tutorial/overview.mp4" }),
    });
    renderApp("/tutorials");
    const section = await screen.findByLabelText("Overview tutorial video");
    fireEvent.error(section.querySelector("video")!);
    await waitFor(() => expect(screen.queryByLabelText("Overview tutorial video")).not.toBeInTheDocument());
    expect(screen.getByText("Step 1.")).toBeInTheDocument();
  });
});
