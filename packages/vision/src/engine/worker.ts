// Inference worker thread: one Human instance on the WASM backend, one task at a time, so a slow stream
// never blocks the service's event loop or the sockets of other peers. It also encodes calibration images.
import { parentPort } from 'node:worker_threads';
import { toDetection } from './detect.ts';
import { loadHuman, missingModels } from './human.ts';
import { decodeJpeg, encodeI420Jpeg, i420ToRgb, type RgbImage, UnreadableImageError } from './image.ts';
import type { Task, WorkerReply, WorkerRequest } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts runs only as a worker thread');
const send = (m: WorkerReply) => port.postMessage(m);

const all = { body: true, face: true, hands: true, emotion: true };
const human = await loadHuman(all).catch((error: Error) => {
  send({ type: 'failed', message: error.message });
  return null;
});

if (human) {
  const missing = missingModels(human, all);
  if (missing.length) send({ type: 'failed', message: `models not loaded: ${missing.join(', ')}` });
  else send({ type: 'ready', models: human.models.loaded() });

  const run = async (task: Task) => {
    const image: RgbImage =
      task.kind === 'i420' ? i420ToRgb(task.data, task.width, task.height) : decodeJpeg(task.data);
    const m = task.modules;
    const input = human.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
    try {
      const result = await human.detect(input as never, {
        body: { enabled: m.body },
        hand: { enabled: m.hands },
        face: {
          enabled: m.face || m.emotion,
          detector: { maxDetected: m.maxFaces },
          mesh: { enabled: m.face },
          iris: { enabled: m.face },
          emotion: { enabled: m.emotion },
        },
      });
      return toDetection(result, image.width, image.height, m.hands);
    } finally {
      human.tf.dispose(input);
    }
  };

  port.on('message', async ({ id, task }: WorkerRequest) => {
    try {
      if (task.kind === 'encode-jpeg')
        send({ id, ok: true, jpeg: encodeI420Jpeg(task.data, task.width, task.height) });
      else send({ id, ok: true, detection: await run(task) });
    } catch (error) {
      send({
        id,
        ok: false,
        unreadable: error instanceof UnreadableImageError,
        message: (error as Error).message,
      });
    }
  });
}
