import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/**
 * The concurrent-request slots of one cloud provider account, shared by every
 * render's blocks and every process (provider/slots.ts): who holds a slot and
 * until when (a lease, so a killed task frees its slot). Changed only under a
 * version condition.
 */
export const ProviderSlot = new Entity({
  model: { entity: "providerSlot", version: "1", service: "storyboard" },
  attributes: {
    /** "OpenAI" or "ElevenLabs". */
    provider: { type: "string", required: true },
    /** Lease id -> epoch ms when the lease runs out. */
    holders: { type: "any", required: true },
    version: { type: "number", required: true },
    ...timestamps,
  },
  indexes: {
    byProvider: {
      pk: { field: "pk", composite: ["provider"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
