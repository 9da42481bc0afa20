/**
 * Serializes async work per key inside one process. Across processes the stores'
 * compare-and-set keeps writes correct; this lock just spares same-process callers
 * from losing CAS races to each other and retrying.
 */
export class KeyLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(name, tail);
    try {
      return await result;
    } finally {
      // Drop the entry once nothing queued behind us, so idle keys do not accumulate.
      if (this.tails.get(name) === tail) this.tails.delete(name);
    }
  }
}
