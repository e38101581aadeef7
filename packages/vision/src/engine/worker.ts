// Inference worker thread: one detector (Human on the WASM backend), one task at a time, so a slow stream
// never blocks the service's event loop or the sockets of other peers. It also encodes calibration images.
import { parentPort } from 'node:worker_threads';
import {
  createDetector,
  i420ToRgb,
  type ModuleSet,
  missingModels,
  PHOTO_BODY_MODEL,
} from '@posture-vision/detector';
import { loadHuman, loadPhotoBody } from '@posture-vision/detector/node';
import { decodeJpeg, encodeI420Jpeg, type RgbImage, UnreadableImageError } from './image.ts';
import type { Task, WorkerReply, WorkerRequest } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts runs only as a worker thread');
const send = (m: WorkerReply) => port.postMessage(m);

// Photo analysis and live streams share the workers, so every worker loads every model.
const all: ModuleSet = { body: true, face: true, hands: true, emotion: true };
// Photo analysis measures with its own body model (detector photo-body.ts), loaded beside Human's.
const loaded = await loadHuman(all)
  .then(async (human) => ({ human, photoBody: await loadPhotoBody(human) }))
  .catch((error: Error) => {
    send({ type: 'failed', message: error.message });
    return null;
  });

if (loaded) {
  const { human, photoBody } = loaded;
  const missing = missingModels(human, all);
  if (missing.length) send({ type: 'failed', message: `models not loaded: ${missing.join(', ')}` });
  else send({ type: 'ready', models: [...human.models.loaded(), PHOTO_BODY_MODEL.replace(/\.json$/, '')] });
  const detector = createDetector(human, photoBody);

  const run = async (task: Task) => {
    const image: RgbImage =
      task.kind === 'i420'
        ? i420ToRgb(task.data, task.width, task.height)
        : task.kind === 'rgb'
          ? { width: task.width, height: task.height, data: task.data }
          : await decodeJpeg(task.data);
    return detector.detect(image, task.modules);
  };

  port.on('message', async ({ id, task }: WorkerRequest) => {
    try {
      if (task.kind === 'encode-jpeg')
        send({ id, ok: true, jpeg: await encodeI420Jpeg(task.data, task.width, task.height) });
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
