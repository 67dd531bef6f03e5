import { renderStatusLabel, renderStatusTone } from "../../../lib/render-status";
import { isPollingStatus, pollInterval, showsAssets } from "./status";

describe("render status", () => {
  it("has readable labels", () => {
    expect(renderStatusLabel("descriptions_ready")).toBe("Descriptions ready for review");
    expect(renderStatusLabel("generating_assets")).toBe("Generating images & audio");
    expect(renderStatusLabel("assets_ready")).toBe("Images ready for review");
    expect(renderStatusLabel("complete")).toBe("Complete");
    expect(renderStatusLabel("queued")).toBe("Queued");
    expect(renderStatusLabel("something_new")).toBe("Something new");
  });

  it("colours queued and rendering yellow, complete green, failed red, uploading blue, the rest neutral", () => {
    expect(["queued", "rendering", "complete", "failed", "uploading"].map(renderStatusTone)).toEqual(["yellow", "yellow", "green", "red", "blue"]);
    expect(["compiling", "generating_assets"].map(renderStatusTone)).toEqual(["yellow", "yellow"]);
    for (const s of ["descriptions_ready", "assets_ready", "canceled"]) expect(renderStatusTone(s)).toBe("neutral");
  });

  it("polls every 10 s only while active", () => {
    for (const s of ["queued", "rendering", "compiling", "generating_assets", "descriptions_ready"]) {
      expect(isPollingStatus(s)).toBe(true);
      expect(pollInterval(s)).toBe(10_000);
    }
    for (const s of ["assets_ready", "complete", "failed", undefined]) {
      expect(isPollingStatus(s)).toBe(false);
      expect(pollInterval(s)).toBe(false);
    }
  });

  it("shows assets from assets_ready on", () => {
    expect(showsAssets("assets_ready")).toBe(true);
    expect(showsAssets("complete")).toBe(true);
    expect(showsAssets("rendering")).toBe(false);
  });
});
