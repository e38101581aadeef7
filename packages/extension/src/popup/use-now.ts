import { useEffect, useState } from 'react';

/**
 * The current time, updated every `everyMs` (remaining snooze time, "today") and whenever `changed` changes:
 * what the popup shows right after a change (a snooze just started) is read on the clock of that moment, not on
 * one up to `everyMs` old.
 */
export function useNow(everyMs = 15_000, changed?: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` is the trigger, not read.
  useEffect(() => setNow(Date.now()), [changed]);
  return now;
}
