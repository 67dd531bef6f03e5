import { listKeys, putObject } from "@storyboard/core/blob/s3";
import { config } from "@storyboard/core/config";
import { zipSync, strToU8 } from "fflate";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";
import { type FixtureFormat, NIGHT_SHIFT, nightShift } from "@storyboard/core/screenplay/fixtures/short";

function upload(user: TestUser, fileName: string, bytes: Uint8Array, title?: string) {
  const form = new FormData();
  form.set("file", new Blob([Buffer.from(bytes)]), fileName);
  if (title !== undefined) form.set("title", title);
  return user.call("/api/screenplays", { method: "POST", body: form });
}

async function uploadReady(user: TestUser, format: FixtureFormat = "fdx", title?: string) {
  const { fileName, bytes } = nightShift(format);
  const res = await upload(user, fileName, bytes, title);
  expect(res.status).toBe(200);
  const { id } = await res.json();
  const detail = await eventually(async () => {
    const r = await user.call(`/api/screenplays/${id}`);
    const body = await r.json();
    return body.status === "ready" || body.status === "failed" ? body : null;
  });
  return detail;
}

async function storedKeys(userId: string) {
  return [
    ...(await listKeys(config.uploadsBucket, `screenplays/${userId}/`)),
    ...(await listKeys(config.uploadsBucket, `parsed/${userId}/`)),
  ];
}

describe("uploading a screenplay", () => {
  it("stores it, parses it from the bucket event and shows it on the dashboard list", async () => {
    const user = await createTestUser();
    const detail = await uploadReady(user, "fdx", "Farmland");
    expect(detail.status).toBe("ready");
    expect(detail.title).toBe("Farmland");
    expect(detail.pageCount).toBeGreaterThanOrEqual(1);
    expect(detail.estimatedCost).toBe(detail.pageCount * 100);
    expect(detail.blocks.length).toBeGreaterThan(10);
    expect(Object.keys(detail.sceneDictionary).length).toBe(NIGHT_SHIFT.scenes);
    const speakers = Object.entries(detail.characterDictionary).filter(([, c]) => (c as { isSpeaker: boolean }).isSpeaker);
    expect(speakers.map(([name]) => name).sort()).toEqual([...NIGHT_SHIFT.speakers]);

    const list = await (await user.call("/api/screenplays")).json();
    expect(list.map((s: { id: string }) => s.id)).toEqual([detail.id]);
    expect(await storedKeys(user.userId)).toHaveLength(2);
  });

  it("defaults the title to the screenplay's own title or the file name", async () => {
    const user = await createTestUser();
    const detail = await uploadReady(user, "fountain");
    expect(detail.title).toBe(NIGHT_SHIFT.title);
  });

  it("answers 404 for another user's screenplay, its file and its characters", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const { id } = await uploadReady(owner);
    expect((await other.call(`/api/screenplays/${id}`)).status).toBe(404);
    expect((await other.call(`/api/screenplays/${id}/file`)).status).toBe(404);
    expect((await other.call(`/api/screenplays/${id}/renders`)).status).toBe(404);
    expect((await other.call(`/api/screenplays/${id}`, { method: "DELETE" })).status).toBe(404);
    const add = await other.call(`/api/screenplays/${id}/characters`, {
      method: "POST",
      body: JSON.stringify({ characterName: "INTRUDER" }),
      headers: { "content-type": "application/json" },
    });
    expect(add.status).toBe(404);
  });

  it("serves the original file to its owner", async () => {
    const user = await createTestUser();
    const { id } = await uploadReady(user);
    const res = await user.call(`/api/screenplays/${id}/file`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(nightShift("fdx").bytes))).toBe(true);
  });

  it("never serves an original cut off in storage as if it were whole", async () => {
    const user = await createTestUser();
    const { id, filePath } = await uploadReady(user);
    const whole = nightShift("fdx").bytes;
    // What a crash mid-write leaves where the store writes in place: the first half under the original's key.
    await putObject(config.uploadsBucket, filePath, whole.slice(0, whole.byteLength / 2), "application/xml");
    const res = await user.call(`/api/screenplays/${id}/file`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "This screenplay's file was not stored whole. Please upload it again." });
  });

  it("needs a session", async () => {
    const res = await fetch(new URL("/api/screenplays", process.env.API_URL));
    expect(res.status).toBe(401);
  });
});

describe("characters of a screenplay", () => {
  it("adds a non-speaking character trimmed and upper-cased, refuses duplicates, removes only non-speakers", async () => {
    const user = await createTestUser();
    const { id, characterDictionary } = await uploadReady(user);
    const json = { "content-type": "application/json" };
    const add = await user.call(`/api/screenplays/${id}/characters`, { method: "POST", body: JSON.stringify({ characterName: "  old  farmer " }), headers: json });
    expect(add.status).toBe(200);
    const detail = await (await user.call(`/api/screenplays/${id}`)).json();
    expect(detail.characterDictionary["OLD FARMER"]).toMatchObject({ isSpeaker: false, description: "" });
    expect(detail.characterDictionary["OLD FARMER"].pronouns).toBeDefined();

    const again = await user.call(`/api/screenplays/${id}/characters`, { method: "POST", body: JSON.stringify({ characterName: "Old Farmer" }), headers: json });
    expect(again.status).toBe(409);
    const blank = await user.call(`/api/screenplays/${id}/characters`, { method: "POST", body: JSON.stringify({ characterName: "   " }), headers: json });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe("Please enter a character name.");

    const speaker = Object.entries(characterDictionary).find(([, c]) => (c as { isSpeaker: boolean }).isSpeaker)![0];
    const removeSpeaker = await user.call(`/api/screenplays/${id}/characters/${encodeURIComponent(speaker)}`, { method: "DELETE" });
    expect(removeSpeaker.status).toBe(409);
    expect((await removeSpeaker.json()).message).toBe("Only characters without dialogue can be removed.");

    const remove = await user.call(`/api/screenplays/${id}/characters/${encodeURIComponent("OLD FARMER")}`, { method: "DELETE" });
    expect(remove.status).toBe(200);
    const after = await (await user.call(`/api/screenplays/${id}`)).json();
    expect(after.characterDictionary["OLD FARMER"]).toBeUndefined();
    expect(after.characterDictionary[speaker]).toBeDefined();
  });
});

describe("deleting a screenplay", () => {
  it("removes the record and every stored file", async () => {
    const user = await createTestUser();
    const { id } = await uploadReady(user);
    const res = await user.call(`/api/screenplays/${id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await user.call(`/api/screenplays/${id}`)).status).toBe(404);
    expect(await storedKeys(user.userId)).toEqual([]);
  });
});

describe("refused uploads store nothing", () => {
  const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><FinalDraft DocumentType="Script" Version="3"><Content><Paragraph Type="Action"><Text>&lol2;</Text></Paragraph></Content></FinalDraft>`;
  const external = `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><FinalDraft DocumentType="Script" Version="3"><Content><Paragraph Type="Action"><Text>&xxe;</Text></Paragraph></Content></FinalDraft>`;
  const zipBomb = zipSync({ "document.xml": new Uint8Array(60 * 1024 * 1024).fill(32) }, { level: 9 });
  const cases: [string, string, Uint8Array, number][] = [
    ["an entity bomb", "bomb.fdx", strToU8(bomb), 400],
    ["an external entity", "xxe.fdx", strToU8(external), 400],
    ["malformed XML", "broken.fdx", strToU8(`<FinalDraft><Content><Paragraph Type="Action"><Text>oops</Content>`), 400],
    ["an empty file", "empty.fdx", new Uint8Array(0), 400],
    ["a PDF renamed .fdx", "script.fdx", strToU8("%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n"), 415],
    ["an 11 MB file", "huge.fdx", new Uint8Array(11 * 1024 * 1024).fill(65), 413],
    ["a zip bomb .fadein", "bomb.fadein", zipBomb, 413],
    ["a file with no screenplay paragraphs", "blank.fdx", strToU8(`<?xml version="1.0"?><FinalDraft DocumentType="Script" Version="3"><Content></Content></FinalDraft>`), 400],
    ["an unsupported extension", "notes.docx", strToU8("hello"), 415],
  ];

  it.each(cases)("refuses %s with a clear 4xx", async (_what, fileName, bytes, status) => {
    const user = await createTestUser();
    const res = await upload(user, fileName, bytes);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.message.length).toBeGreaterThan(10);
    expect(await (await user.call("/api/screenplays")).json()).toEqual([]);
    expect(await storedKeys(user.userId)).toEqual([]);
  });

  it("refuses a form without a file", async () => {
    const user = await createTestUser();
    const form = new FormData();
    form.set("title", "No file");
    const res = await user.call("/api/screenplays", { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Please choose a screenplay file to upload.");
  });
});
