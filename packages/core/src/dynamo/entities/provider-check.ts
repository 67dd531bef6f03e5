import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/**
 * The providers' last self-check (provider/doctor.ts), one item per check
 * name, overwritten by each run: Admin Fixes shows it.
 */
export const ProviderCheck = new Entity({
  model: { entity: "providerCheck", version: "1", service: "storyboard" },
  attributes: {
    /** "hourly": the scheduled check. */
    name: { type: "string", required: true },
    checkedAt: { type: "string", required: true },
    level: { type: ["ok", "warning", "error"] as const, required: true },
    /** The findings, as the doctor wrote them. */
    findings: { type: "any", required: true },
    /** Providers not configured (offline), in plain words. */
    offline: { type: "list", items: { type: "string" } },
    ...timestamps,
  },
  indexes: {
    byName: {
      pk: { field: "pk", composite: ["name"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
