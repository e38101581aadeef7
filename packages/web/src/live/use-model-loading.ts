// While the vision service loads its models (~30 s after a start on this machine), the live tool shows what it
// waits for and how far loading is. Polls the status call every 2 s only while the answer says 'loading'.
// No URL (device mode: the models are this computer's): nothing is asked.
import { checkModelStatus, type ModelLoading } from '@posture-vision/core';
import { useEffect, useRef, useState } from 'react';

/** How often the status is asked again while loading: often enough for the bar to move, light on the service. */
const POLL_MS = 2000;

export function useModelLoading(
  httpUrl: string | null,
  getToken: () => string | null,
  onReady: () => void,
): ModelLoading | null {
  const [loading, setLoading] = useState<ModelLoading | null>(null);
  // The latest callbacks, without restarting the polling when the caller renders again.
  const callbacks = useRef({ getToken, onReady });
  callbacks.current = { getToken, onReady };
  useEffect(() => {
    if (!httpUrl) {
      setLoading(null);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wasLoading = false;
    const ask = async () => {
      const result = await checkModelStatus({
        httpUrl,
        getAccessToken: () => callbacks.current.getToken(),
      }).catch(() => null);
      if (!live) return;
      const next = result?.kind === 'ready' ? result.loading : null;
      setLoading(next);
      if (next) {
        wasLoading = true;
        timer = setTimeout(ask, POLL_MS);
      } else if (wasLoading) callbacks.current.onReady();
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [httpUrl]);
  return loading;
}
