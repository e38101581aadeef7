// A fixed set of inference workers. Each worker takes one task at a time; callers wait their turn in a
// FIFO. Live peers keep at most one task each in flight (newest frame only), so the queue is bounded by
// the number of peers plus concurrent photo calls.
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Detection } from './detect.ts';
import type { Task, WorkerReply } from './protocol.ts';

export class UnreadableImage extends Error {}

interface Slot {
  worker: Worker;
  busy: boolean;
  pending?: { resolve(d: Detection): void; reject(e: Error): void };
}

export type PoolState = 'loading' | 'ready' | 'failed';

export class EnginePool {
  state: PoolState = 'loading';
  failure = '';
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;
  private closed = false;
  readonly ready: Promise<void>;

  constructor(size = cpus().length) {
    this.size = Math.max(1, size);
    const readies: Promise<void>[] = [];
    for (let i = 0; i < this.size; i++) {
      const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
      const slot: Slot = { worker, busy: true };
      this.slots.push(slot);
      readies.push(
        new Promise<void>((resolve, reject) => {
          worker.on('message', (m: WorkerReply) => {
            if ('type' in m) {
              if (m.type === 'ready') {
                slot.busy = false;
                resolve();
                this.wake();
              } else reject(new Error(m.message));
              return;
            }
            const pending = slot.pending;
            slot.pending = undefined;
            slot.busy = false;
            this.wake();
            if (!pending) return;
            if (m.ok) pending.resolve(m.detection);
            else pending.reject(m.unreadable ? new UnreadableImage(m.message) : new Error(m.message));
          });
          worker.on('error', (e) => {
            reject(e);
            slot.pending?.reject(e);
          });
          worker.on('exit', (code) => {
            if (!this.closed) reject(new Error(`inference worker exited with code ${code}`));
          });
        }),
      );
    }
    this.ready = Promise.all(readies).then(
      () => {
        this.state = 'ready';
      },
      (error: Error) => {
        this.state = 'failed';
        this.failure = error.message;
        throw error;
      },
    );
    this.ready.catch(() => {});
  }

  private wake(): void {
    this.waiting.shift()?.();
  }

  /** Runs one task on the next free worker. Transfers the task's pixel buffer (the caller gives it up). */
  async run(task: Task): Promise<Detection> {
    await this.ready;
    let slot = this.slots.find((s) => !s.busy);
    while (!slot) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (this.closed) throw new Error('engine closed');
      slot = this.slots.find((s) => !s.busy);
    }
    slot.busy = true;
    const id = this.nextId++;
    const chosen = slot;
    return new Promise<Detection>((resolve, reject) => {
      chosen.pending = { resolve, reject };
      const data = task.data;
      chosen.worker.postMessage({ id, task }, [data.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w();
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
