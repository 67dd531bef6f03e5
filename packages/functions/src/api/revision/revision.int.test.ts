import { listKeys } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { nightShift } from "@storyboard/core/screenplay/fixtures/short";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";

const json = { "content-type": "application/json" };
const nightShiftFountain = new TextDecoder().decode(nightShift("fountain").bytes);

function send(user: TestUser, path: string, fileName: string, text: string | Uint8Array) {
  const form = new FormData();
  form.set("file", new Blob([typeof text === "string" ? text : Buffer.from(text)]), fileName);
  return user.call(path, { method: "POST", body: form });
}

async function uploadReady(user: TestUser) {
  const { fileName, bytes } = nightShift("fdx");
  const { id } = await (await send(user, "/api/screenplays", fileName, bytes)).json();
  await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready");
  return id as string;
}

const revise = (user: TestUser, id: string, text: string, fileName = "draft.fountain") =>
  send(user, `/api/screenplays/${id}/versions`, fileName, text);

/** Draft 2: PROGRAMMER is CODER now, her first line is new, and a scene is added at the end. */
const DRAFT_2 = nightShiftFountain
  .replaceAll("PROGRAMMER", "CODER")
  .replace("What algorithm is this?", "What algorithm is this, and who wrote it?")
  .concat("\nINT. SERVER ROOM - LATER\n\nThe lights blink out one by one.\n");

describe("revised drafts", () => {
  it("makes version 2 of the same screenplay, keeps version 1, and carries the characters over", async () => {
    const user = await createTestUser();
    const id = await uploadReady(user);
    const res = await revise(user, id, DRAFT_2);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ id, version: 2, newCharacters: ["CODER"], goneCharacters: ["PROGRAMMER"] });

    const versions = await (await user.call(`/api/screenplays/${id}/versions`)).json();
    expect(versions.map((v: { version: number; current: boolean; format: string }) => [v.version, v.current, v.format])).toEqual([
      [2, true, "fountain"],
      [1, false, "fdx"],
    ]);
    expect(versions[1].pageCount).toBeGreaterThanOrEqual(1);
    expect(Date.parse(versions[0].uploadedAt)).toBeGreaterThanOrEqual(Date.parse(versions[1].uploadedAt));

    const detail = await (await user.call(`/api/screenplays/${id}`)).json();
    expect(detail.version).toBe(2);
    expect(Object.keys(detail.characterDictionary).sort()).toEqual(["CODER", "GUARD", "JANITOR"]);
    expect((await user.call("/api/screenplays").then((r) => r.json())).length).toBe(1);

    const v1File = await user.call(`/api/screenplays/${id}/versions/1/file`);
    expect(Buffer.from(await v1File.arrayBuffer()).equals(Buffer.from(nightShift("fdx").bytes))).toBe(true);
    expect(await (await user.call(`/api/screenplays/${id}/file`)).text()).toBe(DRAFT_2);
  });

  it("matches a renamed character to its old name in one step, with description and voice", async () => {
    const user = await createTestUser({ points: 1000 });
    const id = await uploadReady(user);
    const voices = await (await user.call("/api/voices")).json();
    const chosen = voices.find((v: { labels: { gender?: string } }) => v.labels.gender === "female");
    const created = await user.call("/api/renders", {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        screenplayId: id,
        title: "First",
        style: "noir",
        characterVoices: { PROGRAMMER: { voiceId: chosen.voice_id } },
      }),
    });
    const { id: renderId } = await created.json();
    const described = await eventually(async () => {
      const r = await (await user.call(`/api/renders/${renderId}`)).json();
      return r.status === "descriptions_ready" ? r : null;
    }, 60_000);
    const renders = await (await user.call(`/api/screenplays/${id}/renders`)).json();
    expect(renders[0].screenplayVersion).toBe(1);

    await revise(user, id, DRAFT_2);
    const match = await user.call(`/api/screenplays/${id}/characters/match`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ oldName: "Programmer", newName: "CODER" }),
    });
    expect(match.status).toBe(200);
    const detail = await (await user.call(`/api/screenplays/${id}`)).json();
    expect(detail.characterDictionary.CODER.description).toBe(described.screenplaySnapshot.characterDictionary.PROGRAMMER.description);
    expect(detail.characterVoices.CODER.voiceId).toBe(chosen.voice_id);
    expect(detail.characterDictionary.GUARD.description).toBe(described.screenplaySnapshot.characterDictionary.GUARD.description);
    const again = await user.call(`/api/screenplays/${id}/characters/match`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ oldName: "PROGRAMMER", newName: "CODER" }),
    });
    expect(again.status).toBe(404);

    // The render of draft 1 is still running: draft 1 stays.
    await revise(user, id, DRAFT_2.replace("They both laugh.", "Nobody laughs."));
    const refused = await user.call(`/api/screenplays/${id}/versions/1`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/render of draft 1 is running/);
    const deleted = await user.call(`/api/screenplays/${id}/versions/2`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    const left = await (await user.call(`/api/screenplays/${id}/versions`)).json();
    expect(left.map((v: { version: number }) => v.version)).toEqual([3, 1]);
    expect((await user.call(`/api/screenplays/${id}/versions/2/file`)).status).toBe(404);
    expect((await user.call(`/api/screenplays/${id}/versions/3`, { method: "DELETE" })).status).toBe(409);
  });

  it("answers what changed, scene by scene", async () => {
    const user = await createTestUser();
    const id = await uploadReady(user);
    await revise(user, id, DRAFT_2);
    const res = await user.call(`/api/screenplays/${id}/diff?from=1&to=2`);
    expect(res.status).toBe(200);
    const diff = await res.json();
    expect(diff.counts).toEqual({ added: 1, removed: 0, moved: 0, changed: 2, unchanged: 0 });
    expect(diff.scenes.map((s: { state: string; heading: string }) => [s.state, s.heading])).toEqual([
      ["changed", "INT. OFFICE - NIGHT"],
      ["changed", "EXT. COURTYARD - DAY"],
      ["added", "INT. SERVER ROOM - LATER"],
    ]);
    const line = diff.scenes[0].blocks.find((b: { type: string; state: string }) => b.type === "dialogue");
    expect(line).toMatchObject({ state: "changed", character: "CODER", previousCharacter: "PROGRAMMER" });
    expect(
      line.words
        .filter((w: { change: string }) => w.change === "added")
        .map((w: { text: string }) => w.text)
        .join(""),
    ).toContain("who wrote it");

    for (const [query, status] of [
      ["from=1&to=1", 400],
      ["from=1&to=7", 404],
      ["from=one&to=2", 400],
      ["to=2", 400],
    ] as const) {
      const bad = await user.call(`/api/screenplays/${id}/diff?${query}`);
      expect(bad.status, query).toBe(status);
      expect((await bad.json()).message.length).toBeGreaterThan(5);
    }
  });

  it("refuses a file that is not a screenplay and keeps the versions; accepts another format", async () => {
    const user = await createTestUser();
    const id = await uploadReady(user);
    const pdf = await revise(user, id, "%PDF-1.4 not a screenplay at all", "draft.pdf");
    expect(pdf.status).toBe(415);
    const broken = await revise(user, id, "<FinalDraft><Content><Paragraph", "draft.fdx");
    expect(broken.status).toBe(400);
    expect((await broken.json()).message.length).toBeGreaterThan(10);
    const versions = await (await user.call(`/api/screenplays/${id}/versions`)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([1]);
    expect(await listKeys(config.uploadsBucket, `drafts/${user.userId}/`)).toEqual([]);
    const osf = nightShift("osf");
    expect((await send(user, `/api/screenplays/${id}/versions`, osf.fileName, osf.bytes)).status).toBe(200);
  });

  it("keeps another user's drafts private", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const id = await uploadReady(owner);
    await revise(owner, id, DRAFT_2);
    expect((await other.call(`/api/screenplays/${id}/versions`)).status).toBe(404);
    expect((await revise(other, id, DRAFT_2)).status).toBe(404);
    expect((await other.call(`/api/screenplays/${id}/diff?from=1&to=2`)).status).toBe(404);
    expect((await other.call(`/api/screenplays/${id}/versions/1/file`)).status).toBe(404);
    expect((await other.call(`/api/screenplays/${id}/versions/1`, { method: "DELETE" })).status).toBe(404);
    const match = await other.call(`/api/screenplays/${id}/characters/match`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ oldName: "PROGRAMMER", newName: "CODER" }),
    });
    expect(match.status).toBe(404);
  });

  it("deletes every draft's files with the screenplay", async () => {
    const user = await createTestUser();
    const id = await uploadReady(user);
    await revise(user, id, DRAFT_2);
    await revise(user, id, DRAFT_2.replace("Nobody", "Everybody"));
    expect((await listKeys(config.uploadsBucket, `drafts/${user.userId}/`)).length).toBe(4);
    expect((await user.call(`/api/screenplays/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await listKeys(config.uploadsBucket, `drafts/${user.userId}/`)).toEqual([]);
    expect(await listKeys(config.uploadsBucket, `screenplays/${user.userId}/`)).toEqual([]);
    expect(await listKeys(config.uploadsBucket, `parsed/${user.userId}/`)).toEqual([]);
  });
});
