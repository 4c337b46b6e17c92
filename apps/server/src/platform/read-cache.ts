// Answers read from the database, kept in memory for the requests of one process (issue 18): the dashboard polls the
// same few dozen reads every 10 to 60 s for each screen open, and read them from the database every time.
//
// Each entry has a key, a time to live and tags. The modules drop tags when the bus says what they were read from
// changed ('location-changed' drops 'customer:7'...), and every API process receives the same events, so nothing is
// served after its change, whichever process made it; the time to live bounds what has no event (never longer than
// the spec's poll interval of the call). One load per key at a time: concurrent requests share it. A load that
// straddles a drop of one of its tags is answered but not kept, and no request arriving after a drop joins a load
// that began before it.
//
// An entry asked for in the last quarter of its life is served, and read again beside it (refresh ahead): without
// it, the request that found an entry expired waited for the database, and so did every request for that key behind
// it. Under load (the read bench, 100 connections) an expired location's read waited behind the engine's
// transactions for up to 100 ms, and every connection joined it. An entry is still never served past its time to
// live: a refresh not done by then is waited for, as a load.

/** Tags of an entry: given up front, or read from the loaded value (e.g. the customer of a location by id). */
export type Tags<T> = readonly string[] | ((value: T) => readonly string[]);

interface Entry {
  value: unknown;
  /** When it was loaded, from when a request reads it again beside it, and until when it is served (the cache's clock, ms). */
  loadedAt: number;
  refreshAt: number;
  expiresAt: number;
  tags: readonly string[];
}

export interface ReadCacheOptions {
  /** The clock of time-to-live (the product's clock, so a test's manual clock ages entries too), ms. */
  now: () => number;
  /** Most entries kept; past it the oldest are dropped. */
  maxEntries?: number;
}

export const READ_CACHE_MAX_ENTRIES = 50_000;
/** The share of an entry's time to live after which a request reads it again beside serving it. */
export const REFRESH_AHEAD_AFTER = 0.75;

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Keys of the entries carrying a tag. */
  private readonly keysByTag = new Map<string, Set<string>>();
  /** For each tag dropped, the sequence number of its last drop. */
  private readonly droppedAt = new Map<string, number>();
  private drops = 0;
  /** The sequence number of the last clear(). */
  private clearedAt = -1;
  private readonly now: () => number;
  private readonly maxEntries: number;

  constructor(options: ReadCacheOptions) {
    this.now = options.now;
    this.maxEntries = options.maxEntries ?? READ_CACHE_MAX_ENTRIES;
  }

  /** The value kept for `key`, or what `load` reads (kept for `ttlMs` unless one of its tags is dropped first). */
  get<T>(key: string, ttlMs: number, tags: Tags<T>, load: () => Promise<T>): Promise<T> {
    const entry = this.served(key, ttlMs, tags, load);
    if (entry) return Promise.resolve(entry.value as T);
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    return this.load(key, ttlMs, tags, load);
  }

  /**
   * The value kept for `key` now, as `get` would serve it (and read again beside it in the last quarter of its life),
   * or undefined when it is not kept: for a request that answers at once when all it needs is in memory. A kept
   * undefined reads as not kept (`get` then serves it).
   */
  peek<T>(key: string, ttlMs: number, tags: Tags<T>, load: () => Promise<T>): T | undefined {
    return this.served(key, ttlMs, tags, load)?.value as T | undefined;
  }

  /** The entry of `key` if it may be served now (a late one is forgotten); a refresh started when it is due. */
  private served<T>(key: string, ttlMs: number, tags: Tags<T>, load: () => Promise<T>): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    // a clock set back (tests) makes an entry as stale as a late one
    if (now < entry.expiresAt && now >= entry.loadedAt) {
      // a failed refresh keeps the entry until its end; the request that finds it expired loads again
      if (now >= entry.refreshAt && !this.loading.has(key))
        this.load(key, ttlMs, tags, load).catch(() => undefined);
      return entry;
    }
    this.remove(key);
    return undefined;
  }

  /** Reads `key` (one load at a time, which requests join) and keeps it unless one of its tags is dropped meanwhile. */
  private load<T>(key: string, ttlMs: number, tags: Tags<T>, load: () => Promise<T>): Promise<T> {
    const started = this.drops;
    const loadedAt = this.now();
    let loading: Promise<T>;
    try {
      loading = load();
    } catch (err) {
      loading = Promise.reject(err);
    }
    const promise = loading.then(
      (value) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        const entryTags = typeof tags === 'function' ? tags(value) : tags;
        const dropped = (t: string) => (this.droppedAt.get(t) ?? -1) >= started;
        if (this.clearedAt < started && !entryTags.some(dropped)) {
          this.store(key, {
            value,
            loadedAt,
            refreshAt: loadedAt + ttlMs * REFRESH_AHEAD_AFTER,
            expiresAt: loadedAt + ttlMs,
            tags: entryTags,
          });
        }
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Forgets every entry with this tag; loads under way are not kept, and later requests do not wait for them. */
  drop(tag: string): void {
    this.droppedAt.set(tag, this.drops++);
    // a load's tags may only be known from its value: no load begun before a drop is joined after it
    this.loading.clear();
    const keys = this.keysByTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key);
  }

  /** Forgets everything (tests, and an event that changes everything). */
  clear(): void {
    this.clearedAt = this.drops++;
    this.loading.clear();
    this.entries.clear();
    this.keysByTag.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, entry: Entry): void {
    this.remove(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
