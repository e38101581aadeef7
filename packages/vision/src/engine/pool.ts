// A fixed set of inference workers. Each worker takes one task at a time; callers wait their turn in a
// FIFO. Live peers keep at most one task each in flight (newest frame only), so the queue is bounded by
// the number of peers plus concurrent photo calls. A worker that dies is replaced; its task fails.
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Detection } from '@posture-vision/detector';
import type { EncodeTask, Task, WorkerReply, WorkerSuccess } from './protocol.ts';

export class UnreadableImage extends Error {}

interface Slot {
  worker: Worker;
  busy: boolean;
  pending?: { resolve(reply: WorkerSuccess): void; reject(e: Error): void };
}

export type PoolState = 'loading' | 'ready' | 'failed';

const entry = new URL('./worker-entry.mjs', import.meta.url);

export class EnginePool {
  state: PoolState = 'loading';
  failure = '';
  readonly size: number;
  /** Workers whose models have loaded, for the loading progress the live tool shows. */
  loadedWorkers = 0;
  /** When loading began (ms since the epoch). */
  readonly loadingSince = Date.now();
  private readonly slots: Slot[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;
  private closed = false;
  readonly ready: Promise<void>;

  constructor(size = cpus().length) {
    this.size = Math.max(1, Math.floor(size) || 1);
    const readies = Array.from({ length: this.size }, () => this.spawn());
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

  /** Starts a worker in a new slot (or in place of a dead one); resolves when its models are loaded. */
  private spawn(replacing?: Slot): Promise<void> {
    const worker = new Worker(entry);
    const slot: Slot = replacing ?? { worker, busy: true };
    slot.worker = worker;
    slot.busy = true;
    if (!replacing) this.slots.push(slot);
    return new Promise<void>((resolve, reject) => {
      let loaded = false;
      worker.on('message', (m: WorkerReply) => {
        if ('type' in m) {
          if (m.type === 'ready') {
            loaded = true;
            if (!replacing) this.loadedWorkers += 1;
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
        if (m.ok) pending?.resolve(m);
        else pending?.reject(m.unreadable ? new UnreadableImage(m.message) : new Error(m.message));
      });
      worker.on('error', (error) => {
        if (!loaded) reject(error);
      });
      worker.on('exit', (code) => {
        if (this.closed) return;
        if (!loaded) return reject(new Error(`inference worker exited with code ${code} while loading`));
        slot.pending?.reject(new Error(`inference worker exited with code ${code}`));
        slot.pending = undefined;
        this.spawn(slot).catch(() => {});
      });
    });
  }

  private wake(): void {
    this.waiting.shift()?.();
  }

  /** Runs one detection task on the next free worker. Transfers the task's pixel buffer (the caller gives it up). */
  async run(task: Task): Promise<Detection> {
    const reply = await this.dispatch(task);
    if (!('detection' in reply)) throw new Error('inference worker answered without a detection');
    return reply.detection;
  }

  /** Encodes a video frame as JPEG on the next free worker; the frame is copied, the caller keeps it. */
  async encodeJpeg(frame: { data: Uint8Array; width: number; height: number }): Promise<Uint8Array> {
    const { width, height } = frame;
    const reply = await this.dispatch({ kind: 'encode-jpeg', data: frame.data.slice(), width, height });
    if (!('jpeg' in reply)) throw new Error('inference worker answered without a JPEG');
    return reply.jpeg;
  }

  private async dispatch(task: Task | EncodeTask): Promise<WorkerSuccess> {
    await this.ready;
    let slot = this.slots.find((s) => !s.busy);
    while (!slot) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (this.closed) throw new Error('engine closed');
      slot = this.slots.find((s) => !s.busy);
    }
    if (this.closed) throw new Error('engine closed');
    slot.busy = true;
    const id = this.nextId++;
    const chosen = slot;
    return new Promise<WorkerSuccess>((resolve, reject) => {
      chosen.pending = { resolve, reject };
      chosen.worker.postMessage({ id, task }, [task.data.buffer as ArrayBuffer]);
    });
  }

  /** Workers free right now and not promised to a waiting caller. */
  get idleWorkers(): number {
    return this.slots.filter((s) => !s.busy).length - this.waiting.length;
  }

  /** Test and benchmark hook: the worker threads, e.g. to measure or to end one. */
  get workers(): readonly Worker[] {
    return this.slots.map((s) => s.worker);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w();
    for (const s of this.slots) s.pending?.reject(new Error('engine closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
