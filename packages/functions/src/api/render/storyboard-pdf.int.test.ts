/** Laying the storyboard PDF out again from the render page (docs/decisions.md#storyboard-pdf-layout-on-the-render-page). */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { db } from "@storyboard/core/dynamo/service";
import { createTestUser, eventually, type TestUser, uploadScreenplay } from "@storyboard/local/test/fixtures";
import { afterAll, describe, expect, it } from "vitest";

const json = { "content-type": "application/json" };
const dir = mkdtempSync(join(tmpdir(), "relayout-it-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF behind a media key, saved so Poppler can read it. */
async function pdfOf(user: TestUser, key: string, name: string) {
  const res = await user.call(`/api/media/${key}`);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
  return {
    hash: createHash("sha256").update(bytes).digest("hex"),
    pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
    landscape: Number(width) > Number(height),
    titlePage: execFileSync("pdftotext", ["-l", "1", "-layout", file, "-"], { encoding: "utf8" }),
  };
}

const relayout = (user: TestUser, id: string, layout: unknown) =>
  user.call(`/api/renders/${id}/storyboard-pdf`, { method: "POST", headers: json, body: JSON.stringify({ layout }) });

describe("POST /api/renders/{id}/storyboard-pdf", () => {
  it("lays the PDF out again for its owner only, refuses a bad layout and a render not yet made, and names the writer", async () => {
    const user = await createTestUser({ points: 1000 });
    const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
    const screenplay = await eventually(async () => {
      const body = await (await user.call(`/api/screenplays/${screenplayId}`)).json();
      return body.status === "ready" ? body : null;
    });
    const created = await user.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        screenplayId: screenplay.id,
        title: "Relayout",
        style: "noir",
        pdfLayout: "6-landscape",
        previewDescriptionsBeforeFirstImages: false,
        previewImagesBeforeFirstRender: false,
      }),
    });
    expect(created.status).toBe(200);
    const { id } = await created.json();

    const early = await relayout(user, id, "1-portrait");
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe("The storyboard PDF can be laid out again once the render is complete.");

    const done = await eventually(async () => {
      const body = await (await user.call(`/api/renders/${id}`)).json();
      if (body.status === "failed") throw new Error(`Render failed: ${body.failureReason}`);
      return body.status === "complete" ? body : null;
    }, 120_000);
    const shots = done.screenplaySnapshot.blocks.filter((b: { hasMedia: boolean }) => b.hasMedia).length;
    const before = await pdfOf(user, done.storyboardPdfPath, "six-landscape.pdf");
    expect(before).toMatchObject({ pages: 1 + Math.ceil(shots / 6), landscape: true });
    // The fixture's title page says "Written by Storyboard Tests" (screenplay/fixtures/short.ts).
    expect(before.titlePage).toContain("Written by Storyboard Tests");
    // The draft by number, with the render's day (docs/decisions.md#storyboard-pdf): a first upload is draft 1.
    const day = new Date(done.createdAt).toUTCString().slice(5, 16).replace(/^0/, "");
    expect(before.titlePage).toContain(`Draft 1 · ${day}`);

    const bad = await relayout(user, id, "3-portrait");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("Choose a layout: 1, 2 or 6 panels a page, portrait or landscape.");

    const stranger = await createTestUser();
    const foreign = await relayout(stranger, id, "1-portrait");
    expect(foreign.status).toBe(404);
    // Neither refusal changed the file or the stored layout.
    const unchanged = await (await user.call(`/api/renders/${id}`)).json();
    expect(unchanged.pdfLayout).toBe("6-landscape");
    expect((await pdfOf(user, unchanged.storyboardPdfPath, "unchanged.pdf")).hash).toBe(before.hash);

    // A relayout names the draft the render was made from, as stored on it (here as if made from draft 4).
    await db.entities.renderJob.patch({ renderJobId: id }).set({ screenplayVersion: 4 }).go();
    const answered = await relayout(user, id, "1-portrait");
    expect(answered.status).toBe(200);
    const { storyboardPdfPath, pdfLayout } = await answered.json();
    expect(pdfLayout).toBe("1-portrait");
    const after = await pdfOf(user, storyboardPdfPath, "one-portrait.pdf");
    expect(after.hash).not.toBe(before.hash);
    expect(after).toMatchObject({ pages: 1 + shots, landscape: false });
    expect(after.titlePage).toContain("Written by Storyboard Tests");
    expect(after.titlePage).toContain(`Draft 4 · ${day}`);
    const stored = await (await user.call(`/api/renders/${id}`)).json();
    expect(stored).toMatchObject({ pdfLayout: "1-portrait", storyboardPdfPath });
  }, 180_000);
});
