/**
 * The Stripe stand-in's data: every object by id, the idempotency records,
 * the webhook deliveries still owed and the stand-in's own clock. In memory;
 * `npm start` also keeps it on disk, written before each answer (`flush`), so
 * a payment the browser was told about survives a crash (docs/decisions.md#payments):
 * events, which never change, are appended to `<file>.events.jsonl`; the rest
 * is a snapshot replaced atomically.
 */
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
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

/** A webhook delivery owed: kept until it succeeds or Stripe would give up. */
export interface Delivery {
  eventId: string;
  attempt: number;
  /** Machine time (ms) of the next attempt. */
  dueAt: number;
  /** Machine time (ms) of the first attempt: Stripe retries for three days from it. */
  firstAt: number;
}

interface Snapshot {
  objects: Record<string, StripeObject>;
  clockOffset: number;
  sequence: number;
  deliveries?: Delivery[];
  idempotency?: [string, IdempotentResult][];
}

/** Stripe keeps events for 30 days; so does the data file. */
const EVENT_DAYS = 30;

export class StripeStore {
  private objects = new Map<string, StripeObject>();
  /** The same objects by type, so a list reads only its own kind (events outnumber everything). */
  private byType = new Map<string, Map<string, StripeObject>>();
  /** Seconds the stand-in's own clock is ahead of the machine's (`/_stand-in/clock/advance`). */
  clockOffset = 0;
  /** Orders objects created in the same second (list endpoints are newest first). */
  private sequence = 0;
  readonly idempotency = new Map<string, IdempotentResult>();
  /** Webhook deliveries owed, in queue order (events.ts); saved with the rest. */
  deliveries: Delivery[] = [];
  /** The stand-in's own address once it listens (the 3-D Secure page lives there); not saved. */
  origin = "";
  /** Something other than a new event changed since the last flush. */
  private dirty = false;
  /** Events created since the last flush, to append. */
  private newEvents: StripeObject[] = [];
  private readonly eventsFile: string | undefined;

  constructor(private readonly file?: string) {
    this.eventsFile = file ? `${file.replace(/\.json$/, "")}.events.jsonl` : undefined;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    const saved: Snapshot | undefined = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
    const clockOffset = saved?.clockOffset ?? 0;
    const kept = Math.floor(Date.now() / 1000) + clockOffset - EVENT_DAYS * 86_400;
    const events = existsSync(this.eventsFile!) ? readEvents(this.eventsFile!) : [];
    // Earlier files kept the events in the snapshot.
    const all = [...Object.values(saved?.objects ?? {}), ...events];
    for (const object of all) if (object.object !== "event" || object.created >= kept) this.put(object);
    this.clockOffset = clockOffset;
    this.sequence = saved?.sequence ?? 0;
    this.deliveries = (saved?.deliveries ?? []).filter((d) => this.objects.has(d.eventId));
    for (const [key, result] of saved?.idempotency ?? []) this.idempotency.set(key, result);
    // Start from compact files: expired events dropped, events out of the snapshot.
    writeFileSync(this.eventsFile!, this.all("event").reverse().map(line).join(""), { flush: true });
    this.dirty = true;
    this.flush();
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
    if (object.object === "event") this.newEvents.push(object);
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
    this.changed();
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

  /** Marks the data changed; `flush` writes it (the server flushes before it answers). */
  changed() {
    this.dirty = true;
  }

  /** Writes what changed to disk now: new events appended, then the snapshot replaced (written, synced, renamed). */
  flush() {
    if (!this.file) {
      this.newEvents = [];
      this.dirty = false;
      return;
    }
    if (this.newEvents.length) {
      appendFileSync(this.eventsFile!, this.newEvents.map(line).join(""), { flush: true });
      this.newEvents = [];
    }
    if (!this.dirty) return;
    const objects = Object.fromEntries([...this.objects].filter(([, o]) => o.object !== "event"));
    const snapshot: Snapshot = {
      objects,
      clockOffset: this.clockOffset,
      sequence: this.sequence,
      deliveries: this.deliveries,
      idempotency: [...this.idempotency],
    };
    writeFileSync(`${this.file}.tmp`, JSON.stringify(snapshot), { flush: true });
    renameSync(`${this.file}.tmp`, this.file);
    this.dirty = false;
  }

  save() {
    this.dirty = true;
    this.flush();
  }
}

const line = (event: StripeObject) => `${JSON.stringify(event)}\n`;

/** The events file, skipping a last line cut off by a crash mid-append. */
function readEvents(file: string): StripeObject[] {
  const events: StripeObject[] = [];
  for (const text of readFileSync(file, "utf8").split("\n")) {
    if (!text.trim()) continue;
    try {
      events.push(JSON.parse(text));
    } catch {
      // A torn last line: its request never got its answer, so nothing was promised for it.
    }
  }
  return events;
}

/** A copy for the wire: without our private fields. */
export function publicCopy<T>(object: T): T {
  return JSON.parse(JSON.stringify(object, (key, value) => (key.startsWith("_") ? undefined : value)));
}
