/**
 * The Stripe stand-in's data: every object by id, the idempotency records and
 * the stand-in's own clock. In memory; `npm start` also writes it to a JSON
 * file so customers and cards outlive a restart (docs/decisions.md#payments).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export type StripeObject = Record<string, any> & { id: string; object: string };

/** Id prefix → collection, as Stripe names them. Longer prefixes first (sub_sched_ before sub_). */
const PREFIXES: [string, string][] = [
  ["sub_sched_", "subscription_schedule"],
  ["sub_", "subscription"],
  ["si_", "subscription_item"],
  ["cus_", "customer"],
  ["pm_", "payment_method"],
  ["pi_", "payment_intent"],
  ["ch_", "charge"],
  ["re_", "refund"],
  ["evt_", "event"],
  ["prod_", "product"],
  ["price_", "price"],
  ["in_", "invoice"],
  ["il_", "line_item"],
  ["inpay_", "invoice_payment"],
  ["clock_", "test_helpers.test_clock"],
];

export interface IdempotentResult {
  /** Machine time (ms) of the first answer: Stripe keeps keys 24 hours. */
  at: number;
  fingerprint: string;
  status: number;
  body: unknown;
}

interface Snapshot {
  objects: Record<string, StripeObject>;
  clockOffset: number;
  sequence: number;
}

export class StripeStore {
  private objects = new Map<string, StripeObject>();
  /** The same objects by type, so a list reads only its own kind (events outnumber everything). */
  private byType = new Map<string, Map<string, StripeObject>>();
  /** Seconds the stand-in's own clock is ahead of the machine's (`/_stand-in/clock/advance`). */
  clockOffset = 0;
  /** Orders objects created in the same second (list endpoints are newest first). */
  private sequence = 0;
  readonly idempotency = new Map<string, IdempotentResult>();
  /** The stand-in's own address once it listens (the 3-D Secure page lives there); not saved. */
  origin = "";
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
      // Stripe keeps events for 30 days; so does the data file.
      const kept = Math.floor(Date.now() / 1000) + saved.clockOffset - 30 * 86_400;
      for (const object of Object.values(saved.objects)) if (object.object !== "event" || object.created >= kept) this.put(object);
      this.clockOffset = saved.clockOffset;
      this.sequence = saved.sequence;
    }
  }

  /** Unix seconds on the stand-in's own clock. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  newId(prefix: string): string {
    return `${prefix}${randomBytes(12).toString("base64url").replace(/[-_]/g, "x").slice(0, 24)}`;
  }

  /** Stores a new object (with `created` and the list order) and returns it. */
  insert<T extends StripeObject>(object: T): T {
    (object as Record<string, unknown>)._seq = ++this.sequence;
    this.put(object);
    this.changed();
    return object;
  }

  /** Remembers an answer for its Idempotency-Key and forgets keys older than a day. */
  rememberAnswer(key: string, result: Omit<IdempotentResult, "at">) {
    const dayAgo = Date.now() - 86_400_000;
    for (const [old, saved] of this.idempotency) {
      if (saved.at >= dayAgo) break;
      this.idempotency.delete(old);
    }
    this.idempotency.set(key, { ...result, at: Date.now() });
  }

  private put(object: StripeObject) {
    this.objects.set(object.id, object);
    let ofType = this.byType.get(object.object);
    if (!ofType) this.byType.set(object.object, (ofType = new Map()));
    ofType.set(object.id, object);
  }

  get(id: string): StripeObject | undefined {
    return this.objects.get(id);
  }

  /** The stored object of a type, or undefined (a `cus_` id never returns a price). */
  find(type: string, id: string): StripeObject | undefined {
    const object = this.objects.get(id);
    return object && object.object === type ? object : undefined;
  }

  update(object: StripeObject, changes: Record<string, unknown>) {
    Object.assign(object, changes);
    this.changed();
    return object;
  }

  delete(id: string) {
    const object = this.objects.get(id);
    if (object) this.byType.get(object.object)?.delete(id);
    this.objects.delete(id);
    this.changed();
  }

  /** Objects of a type, newest first. */
  all(type: string, filter: (o: StripeObject) => boolean = () => true): StripeObject[] {
    return [...(this.byType.get(type)?.values() ?? [])].filter(filter).sort((a, b) => b._seq - a._seq);
  }

  /** The collection an id belongs to, from its prefix. */
  static typeOfId(id: string): string | undefined {
    return PREFIXES.find(([prefix]) => id.startsWith(prefix))?.[1];
  }

  changed() {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.save(), 250);
    this.saveTimer.unref();
  }

  save() {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const snapshot: Snapshot = { objects: Object.fromEntries(this.objects), clockOffset: this.clockOffset, sequence: this.sequence };
    writeFileSync(`${this.file}.tmp`, JSON.stringify(snapshot));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

/** A copy for the wire: without our private fields. */
export function publicCopy<T>(object: T): T {
  return JSON.parse(JSON.stringify(object, (key, value) => (key.startsWith("_") ? undefined : value)));
}
