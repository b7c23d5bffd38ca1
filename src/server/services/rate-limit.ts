// Sliding-window counters kept in memory: failed logins and sign-ups per client. Reads, bids and uploads are never limited.
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is under its limit. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    return recent.length < this.limit ? 0 : recent[recent.length - this.limit]! + this.windowMs - this.now();
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.sweep();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Takes back the latest hit of a key: an attempt counted in advance that turned out not to count. */
  forgetLatest(key: string): void {
    const recent = this.hits.get(key);
    recent?.pop();
    if (recent?.length === 0) this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since);
  }

  private sweep(): void {
    for (const key of [...this.hits.keys()]) {
      if (this.recent(key).length === 0) this.hits.delete(key);
    }
  }
}
