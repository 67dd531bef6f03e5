import { Entity } from "electrodb";
import { timestamps } from "./_shared";

/**
 * Work that must be finished, or undone, by a time: a render phase that must
 * end (docs/decisions.md#hardening), an on-demand image whose charge must be
 * settled, a screenplay whose upload and parse must have finished, a review link's batched e-mail. The sweeper reads the due ones from the `byDue` index, so it never
 * scans the table; the work removes its item when it settles.
 */
export const DEADLINE_KINDS = ["render", "image", "parse", "reviewMail"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const Deadline = new Entity({
  model: { entity: "deadline", version: "1", service: "storyboard" },
  attributes: {
    kind: { type: DEADLINE_KINDS, required: true },
    /** The render job id, or the image charge id. */
    id: { type: "string", required: true },
    /** ISO time after which the sweeper settles the work. */
    dueAt: { type: "string", required: true },
    /** What the work was doing, for the log (a render phase). */
    phase: { type: "string" },
    /** The rest of what settling needs (an image charge's user, render and amount). */
    detail: { type: "any" },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["kind", "id"] },
      sk: { field: "sk", composite: [] },
    },
    byDue: {
      index: "gsi3",
      pk: { field: "gsi3pk", composite: ["kind"] },
      sk: { field: "gsi3sk", composite: ["dueAt"] },
    },
  },
});
