/**
 * Uploads are all or nothing (docs/decisions.md#crash-safety): a screenplay is
 * nobody's to see until its file is stored whole. The file's put is held open
 * here, as a crash between the record's write and the file's would leave it.
 */
import { withActor } from "../actor";
import { db } from "../dynamo/service";
import { createTestUser, eventually, type TestUser } from "@storyboard/local/test/fixtures";
import { nightShift } from "./fixtures/short";
import { getScreenplayDetail, listOwnScreenplays } from "./records";
import { uploadScreenplay } from "./upload";

const held = vi.hoisted(() => ({ gate: null as Promise<void> | null }));
vi.mock("../blob/s3", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../blob/s3")>();
  return {
    ...actual,
    putObject: async (...args: Parameters<typeof actual.putObject>) => {
      if (held.gate) await held.gate;
      return actual.putObject(...args);
    },
  };
});

const asUser = <T>(user: TestUser, run: () => Promise<T>) => withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, run);

async function recordsOf(userId: string) {
  return (await db.entities.screenplay.query.byUser({ userId }).go({ pages: "all" })).data;
}

describe("an upload whose file is not stored yet", () => {
  it("is neither listed nor found, by core or through the API, until its file is stored whole", async () => {
    const user = await createTestUser();
    let release!: () => void;
    held.gate = new Promise<void>((resolve) => (release = resolve));
    const { fileName, bytes } = nightShift("fountain");
    const upload = asUser(user, () => uploadScreenplay({ fileName, bytes }));
    try {
      await vi.waitFor(async () => expect(await recordsOf(user.userId)).toHaveLength(1), { timeout: 10_000 });
      const [record] = await recordsOf(user.userId);
      expect(record.fileStored).toBe(false);

      expect(await asUser(user, listOwnScreenplays)).toEqual([]);
      await expect(asUser(user, () => getScreenplayDetail(record.screenplayId))).rejects.toMatchObject({ code: "not_found" });
      expect(await (await user.call("/api/screenplays")).json()).toEqual([]);
      expect((await user.call(`/api/screenplays/${record.screenplayId}`)).status).toBe(404);
      expect((await user.call(`/api/screenplays/${record.screenplayId}/file`)).status).toBe(404);
    } finally {
      held.gate = null;
      release();
    }
    const { id } = await upload;
    expect((await asUser(user, listOwnScreenplays)).map((s) => s.id)).toEqual([id]);
    // Parsed from its bucket event, as every upload is.
    await eventually(async () => (await (await user.call(`/api/screenplays/${id}`)).json()).status === "ready");
  });
});
