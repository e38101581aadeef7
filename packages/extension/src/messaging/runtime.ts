// Sending and receiving the typed commands over chrome.runtime (through webextension-polyfill's promises).
import browser, { type Runtime } from 'webextension-polyfill';
import type { Answer, Handlers, Message, Payload, Target, Targets } from './commands';

export function send<T extends Target, C extends keyof Targets[T] & string>(
  target: T,
  command: C,
  payload: Payload<T, C>,
): Promise<Answer<T, C>> {
  return browser.runtime.sendMessage({ target, command, payload });
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'target' in value && 'command' in value;
}

/** Answers the messages addressed to `target`; others are left to their own listeners. */
export function listen<T extends Target>(target: T, handlers: Handlers<T>): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
    if (!isMessage(message) || message.target !== target) return undefined;
    const handler = (handlers as Record<string, (p: unknown, s: unknown) => Promise<unknown>>)[
      message.command as string
    ];
    if (!handler) return Promise.reject(new Error(`Unknown command: ${String(message.command)}`));
    return handler(message.payload, sender);
  });
}
