// Group commit for hot paths: calls that arrive while a batch is with the database wait and go together in the
// next one, so under load one query (and one commit) serves many requests; alone, a call goes at once.
export function batched<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch = 500): (item: I) => Promise<O> {
  let waiting: { item: I; resolve(o: O): void; reject(e: unknown): void }[] = [];
  let busy = false;
  const flush = async () => {
    if (busy || !waiting.length) return;
    busy = true;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(batch.length);
    try {
      const out = await run(batch.map((w) => w.item));
      for (const [i, w] of batch.entries()) w.resolve(out[i] as O);
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      busy = false;
      void flush();
    }
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      void flush();
    });
}
