/**
 * A render's blocks share the ElevenLabs account's concurrency limit (the free
 * plan's 2) through the table's semaphore, though the render runs 4 blocks at once.
 */
import { withActor } from "@storyboard/core/actor";
import { db } from "@storyboard/core/dynamo/service";
import { ElevenLabsSpeechProvider } from "@storyboard/core/provider/cloud/elevenlabs-speech";
import { startStandIn, type StandIn } from "@storyboard/core/provider/cloud/stand-in";
import { setProviders } from "@storyboard/core/provider/registry";
import { tableSlots } from "@storyboard/core/provider/slots";
import { createRender } from "@storyboard/core/render/create";
import { createTestUser, eventually, uploadScreenplay } from "./test/fixtures";
import { useLocalWorkflows, workflowsSettled } from "./workflows";

let standIn: StandIn;
beforeAll(async () => {
  useLocalWorkflows({ retryIntervalSeconds: 0 });
  standIn = await startStandIn();
});
afterAll(() => standIn.close());
afterEach(() => setProviders({}));

describe("provider concurrency", () => {
  it("never has more than ELEVENLABS_CONCURRENCY (2) speech requests in flight during a render", async () => {
    let inFlight = 0;
    let peak = 0;
    standIn.answer(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 1500));
      inFlight--;
      // Slow enough that 4 blocks overlap (without the semaphore the peak is 4). 0.2 s of silence as 16-bit PCM at 22.05 kHz.
      return { body: Buffer.alloc(4410 * 2), headers: { "content-type": "audio/pcm" } };
    });
    const speech = new ElevenLabsSpeechProvider({ apiKey: "sk_limits_0123456789abcdef", baseUrl: `${standIn.origin}/v1` }, { slots: tableSlots("ElevenLabs") }, async (id) => id);
    setProviders({ speech });

    const user = await createTestUser({ points: 1000 });
    const { id: screenplayId } = await (await uploadScreenplay(user, "fdx")).json();
    await eventually(async () => (await (await user.call(`/api/screenplays/${screenplayId}`)).json()).status === "ready");
    const { id } = await withActor({ type: "user", userId: user.userId, roles: [], sessionId: "test" }, () =>
      createRender({ screenplayId, title: "Limits", style: "documentary", previewDescriptionsBeforeFirstImages: false, previewImagesBeforeFirstRender: false }),
    );
    await workflowsSettled();
    expect((await db.entities.renderJob.get({ renderJobId: id }).go()).data?.status).toBe("complete");
    expect(standIn.requests.length).toBeGreaterThan(4);
    expect(peak).toBeLessThanOrEqual(2);
    expect(peak).toBe(2);
  });
});
