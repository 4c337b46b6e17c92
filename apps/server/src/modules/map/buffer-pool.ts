// Reusable buffers for large answers (ClusterStrikes at zooms 9-10 answers up to ~12 MB). Every
// freshly allocated multi-megabyte Buffer counts as external memory to V8, and its growth starts
// a major collection of the whole heap every few answers; profiling showed those collections were
// the slowest answers' cost. A buffer taken here goes back to the pool once its response closed.

export class BufferPool {
  #free: Buffer[] = [];
  #slabs = 0;
  /** The answer lent from each slab, by the slab's memory. */
  #lent = new Map<ArrayBufferLike, { slab: Buffer; answer: Buffer }>();

  /** Slabs of `slabBytes`, at most `maxSlabs` of them (answers beyond are allocated as usual). */
  constructor(
    readonly slabBytes: number,
    readonly maxSlabs: number,
  ) {}

  /** Slabs currently free for the next answer. */
  get free(): number {
    return this.#free.length;
  }

  /** A buffer of `bytes`: the start of a free slab when one fits, else a new allocation. */
  take(bytes: number): Buffer {
    if (bytes > this.slabBytes) return Buffer.allocUnsafe(bytes);
    let slab = this.#free.pop();
    if (!slab) {
      if (this.#slabs >= this.maxSlabs) return Buffer.allocUnsafe(bytes);
      slab = Buffer.allocUnsafeSlow(this.slabBytes);
      this.#slabs++;
    }
    const answer = slab.subarray(0, bytes);
    this.#lent.set(slab.buffer, { slab, answer });
    return answer;
  }

  /** True when `answer` is a slab's, lent by `take` and not given back yet: it must be released once sent. */
  lends(answer: Buffer): boolean {
    return this.#lent.get(answer.buffer)?.answer === answer;
  }

  /**
   * Gives back the slab of a buffer from `take`, once nothing reads it any more. Anything else
   * (an allocated buffer, or a buffer whose slab was already given back and lent again) is ignored.
   */
  release(answer: Buffer): void {
    const lent = this.#lent.get(answer.buffer);
    if (lent?.answer !== answer) return;
    this.#lent.delete(answer.buffer);
    this.#free.push(lent.slab);
  }
}
