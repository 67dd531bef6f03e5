/**
 * A short per-process cache for what the render page polls
 * (docs/decisions.md#scale). Kept apart from DynamoDB so its rules can be
 * tested alone: an entry lives as long as `ttlMs` says for its value (0: never
 * kept); concurrent misses share one load; and `changed()` (a write made in
 * this process) forgets what it may have changed, including what a load
 * already under way would bring back, since that load may have read before
 * the write.
 */
export interface PollCacheOptions<T> {
  /** How long a value may be served again; 0 loads it every time. */
  ttlMs: (value: T) => number;
  /** Entries kept at most; past it the cache starts over. */
  maxEntries?: number;
  now?: () => number;
}

interface Load<T> {
  value: Promise<T | undefined>;
  /** A write landed while it ran: answer it, but do not keep it. */
  stale: boolean;
}

export class PollCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private readonly loading = new Map<string, Load<T>>();

  constructor(private readonly options: PollCacheOptions<T>) {}

  async read(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const now = (this.options.now ?? Date.now)();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending.value;
    const loading: Load<T> = {
      stale: false,
      value: load().then((value) => {
        const ttl = value === undefined || loading.stale ? 0 : this.options.ttlMs(value);
        if (value !== undefined && ttl > 0) {
          if (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.clear();
          this.entries.set(key, { value, until: now + ttl });
        } else if (!loading.stale) this.entries.delete(key);
        return value;
      }),
    };
    this.loading.set(key, loading);
    try {
      return await loading.value;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  /**
   * Something was written: what it may have changed, every key unless
   * `affects` narrows it, may not be served any more, kept or being loaded.
   */
  changed(affects: (key: string) => boolean = () => true) {
    for (const key of this.entries.keys()) if (affects(key)) this.entries.delete(key);
    for (const [key, loading] of this.loading) {
      if (!affects(key)) continue;
      loading.stale = true;
      this.loading.delete(key);
    }
  }
}
