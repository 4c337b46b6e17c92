// Answers that count whole seconds (countdowns, strike ages) kept for the rest of their second: every request that
// computes the same answer in the same second of the clock, from the same inputs, gets the one already made.

/**
 * Answers by key, each kept for the second it was made in while its inputs are the very objects it was made from
 * (inputs are replaced, never changed, by their change events, so identity is enough). Bounded: past `bound` keys
 * it starts afresh.
 */
export class SecondAnswers<K, A> {
  readonly #kept = new Map<K, { second: number; inputs: readonly unknown[]; answer: A }>();

  constructor(private readonly bound: number) {}

  /** The answer kept for `key` in `nowMs`'s second from these inputs, or `make`'s, kept unless `keep` says no. */
  get(key: K, nowMs: number, inputs: readonly unknown[], make: () => A, keep?: (answer: A) => boolean): A {
    const second = Math.floor(nowMs / 1000);
    const kept = this.#kept.get(key);
    if (kept?.second === second && sameInputs(kept.inputs, inputs)) return kept.answer;
    const answer = make();
    if (keep && !keep(answer)) return answer;
    if (this.#kept.size >= this.bound) this.#kept.clear();
    this.#kept.set(key, { second, inputs, answer });
    return answer;
  }

  /** Keys kept now (tests). */
  get size(): number {
    return this.#kept.size;
  }
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
