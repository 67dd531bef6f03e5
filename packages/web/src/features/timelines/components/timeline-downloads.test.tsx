import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TimelineDownloads } from "./timeline-downloads";

describe("TimelineDownloads", () => {
  it("offers the four timelines at the video's rate, and at the rate the editor picks", async () => {
    render(<TimelineDownloads renderId="r 1" />);
    const list = screen.getByRole("list", { name: "Editing timelines" });
    const hrefs = () =>
      within(list)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href"));
    expect(hrefs()).toEqual([
      "/api/renders/r%201/timelines/fcpxml?fps=25",
      "/api/renders/r%201/timelines/xml?fps=25",
      "/api/renders/r%201/timelines/otio?fps=25",
      "/api/renders/r%201/timelines/edl?fps=25",
    ]);
    expect(
      within(list)
        .getByRole("link", { name: /Premiere Pro/ })
        .getAttribute("download"),
    ).toBe("storyboard.xml");
    await userEvent.selectOptions(screen.getByLabelText("Frame rate"), "23.976");
    expect(hrefs().every((h) => h!.endsWith("?fps=23.976"))).toBe(true);
  });
});
