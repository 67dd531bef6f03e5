import { nightShift } from "@storyboard/core/screenplay/fixtures/short";
import { describe, expect, it } from "vitest";
import { createTestUser, eventually } from "./test/fixtures";

/**
 * Bad requests never crash the server and never leave anything half-written
 * (docs/decisions.md#hardening). Every request here goes to the local server
 * over loopback, as a browser or a script would send it.
 */

const BOUNDARY = "----storyboard-test-boundary";

/** A multipart body holding the Night Shift FDX under `fileName`, optionally cut short after `keep` bytes. */
function multipartBody(fileName: string, keep?: number): Uint8Array<ArrayBuffer> {
  const { bytes } = nightShift("fdx");
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return Uint8Array.from(keep === undefined ? body : body.subarray(0, keep));
}

const text = (value: string) => new TextEncoder().encode(value);
const multipart = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
const serverAnswers = async () => (await fetch(new URL("/api/env", process.env.API_URL))).status;

describe("bad uploads never crash anything", () => {
  it("a truncated multipart body gets a 400 and the server keeps answering", async () => {
    const user = await createTestUser();
    const response = await user.call("/api/screenplays", { method: "POST", headers: multipart, body: multipartBody("cut.fdx", 300) });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("The upload was cut short or is not valid form data. Please try again.");
    expect(await serverAnswers()).toBe(200);
    const list = await (await user.call("/api/screenplays")).json();
    expect(JSON.stringify(list)).not.toContain("cut");
  });

  it("malformed multipart (no closing boundary, garbage, a boundary that never appears) gets a 400", async () => {
    const user = await createTestUser();
    const bodies = [
      text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.fdx"\r\n\r\n<FinalDraft>`),
      text("\u0000\u0001not a form at all"),
      text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${"t".repeat(100)}`),
    ];
    for (const body of bodies) {
      const response = await user.call("/api/screenplays", { method: "POST", headers: multipart, body });
      expect(response.status).toBe(400);
    }
    const registration = await fetch(new URL("/api/register", process.env.API_URL), {
      method: "POST",
      headers: multipart,
      body: bodies[2],
    });
    expect(registration.status).toBe(400);
    expect(await serverAnswers()).toBe(200);
  });

  it("a file name with trailing spaces, a path or odd Unicode is normalised before its key is made, and the upload is parsed", async () => {
    const user = await createTestUser();
    const response = await user.call("/api/screenplays", {
      method: "POST",
      headers: multipart,
      body: multipartBody("C:\\fakepath\\Night\u00a0Shift.FDX \u200b "),
    });
    expect(response.status).toBe(200);
    const { id } = await response.json();
    const screenplay = await eventually(async () => {
      const s = await (await user.call(`/api/screenplays/${id}`)).json();
      return s.status === "ready" || s.status === "failed" ? s : undefined;
    });
    expect(screenplay.status).toBe("ready");
    expect(screenplay.originalFileName).toBe("Night Shift.FDX");
  });

  it("malformed percent-encoding in a path or a cookie gets a 400, not a 500", async () => {
    const user = await createTestUser();
    for (const path of ["/api/screenplays/%E0%A4%A", "/api/renders/%", "/media/renders/%ZZ/video.mp4"]) {
      const response = await user.call(path);
      expect(response.status, path).toBe(400);
    }
    const badCookie = await fetch(new URL("/api/user", process.env.API_URL), { headers: { cookie: "sb_session=%E0%A4%A" } });
    expect(badCookie.status).toBe(400);
    expect((await badCookie.json()).message).toBe("Your session cookie could not be read. Please sign in again.");
    expect(badCookie.headers.get("set-cookie")).toMatch(/sb_session=;.*Max-Age=0/);
  });
});

describe("under attack", () => {
  it("the server stays up and answers under a bounded burst of malformed uploads", async () => {
    const user = await createTestUser();
    const shapes = [
      (i: number) => multipartBody(`burst-${i}.fdx`, 50 + (i % 7) * 40),
      () => text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.fdx"\r\n\r\n`),
      () => text("garbage"),
      (i: number) => multipartBody(`bad-%${i}.fdx`, 200),
    ];
    const started = Date.now();
    const statuses: number[] = [];
    // 120 requests, 20 at a time, on loopback; the whole burst must finish within 60 s.
    for (let round = 0; round < 6 && Date.now() - started < 60_000; round++) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, async (_, k) => {
          const i = round * 20 + k;
          const body = shapes[i % shapes.length](i);
          const response = await user.call("/api/screenplays", { method: "POST", headers: multipart, body });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      statuses.push(...batch);
      expect(await serverAnswers()).toBe(200);
    }
    expect(statuses).toHaveLength(120);
    expect(
      statuses.every((s) => s >= 400 && s < 500),
      JSON.stringify(statuses),
    ).toBe(true);
    const list = await (await user.call("/api/screenplays")).json();
    expect(JSON.stringify(list)).not.toContain("burst-");
  });
});
