// The API's Redis connection (REDIS_URL): the shared store of every counter that must hold across instances.
import { Redis } from 'ioredis';

/** Commands fail fast while Redis is unreachable, so a request answers an error instead of hanging. */
const COMMAND_TIMEOUT_MS = 2000;

export function openRedis(url: string): Redis {
  return new Redis(url, {
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
  });
}
