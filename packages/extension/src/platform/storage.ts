// The storage behind core's KeyValueStorage, Bitwarden style: one interface, one implementation per
// context. Extension pages and the service worker use chrome.storage.local directly; the offscreen
// document, which has only chrome.runtime, goes through the service worker.
import type { KeyValueStorage } from '@posture-vision/core';
import { send } from '../messaging/runtime';
import type { StoredValues } from '../state/monitor-state';

export function chromeStorage(area: chrome.storage.StorageArea = chrome.storage.local): KeyValueStorage {
  return {
    async get(key) {
      const value = (await area.get(key))[key];
      return typeof value === 'string' ? value : null;
    },
    set: (key, value) => area.set({ [key]: value }),
    remove: (key) => area.remove(key),
  };
}

export function runtimeStorage(): KeyValueStorage {
  return {
    get: (key) => send('background', 'storage/get', { key }),
    async set(key, value) {
      await send('background', 'storage/set', { key, value });
    },
    async remove(key) {
      await send('background', 'storage/remove', { key });
    },
  };
}

/** Typed access to the extension's own structured values. */
export async function readValue<K extends keyof StoredValues>(key: K): Promise<StoredValues[K] | undefined> {
  return (await chrome.storage.local.get(key))[key] as StoredValues[K] | undefined;
}

export function writeValue<K extends keyof StoredValues>(key: K, value: StoredValues[K]): Promise<void> {
  return chrome.storage.local.set({ [key]: value });
}
