/**
 * A short per-process cache for what the render page polls
 * (docs/decisions.md#scale). Kept apart from DynamoDB so its rules can be
 * tested alone: an entry lives as long as `ttlMs` says for its value (0: never
 * kept); concurrent misses share one load; and `changed()` (any write made in
 * this process) forgets everything at once, including what a load already
 * under way would bring back, since that load may have read before the write.
 */
export interface PollCacheOptions<T> {
  /** How long a value may be served again; 0 loads it every time. */
  ttlMs: (value: T) => number;
  /** Entries kept at most; past it the cache starts over. */
  maxEntries?: number;
  now?: () => number;
}

export class PollCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private readonly loading = new Map<string, Promise<T | undefined>>();
  private generation = 0;

  constructor(private readonly options: PollCacheOptions<T>) {}

  async read(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const now = (this.options.now ?? Date.now)();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then((value) => {
      const ttl = value === undefined || generation !== this.generation ? 0 : this.options.ttlMs(value);
      if (value !== undefined && ttl > 0) {
        if (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.clear();
        this.entries.set(key, { value, until: now + ttl });
      } else this.entries.delete(key);
      return value;
    });
    this.loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  /** Something was written: nothing kept or being loaded may be served any more. */
  changed() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}
