import { PROCESSING_MESSAGES } from '@posture-vision/core';
import { useEffect, useState } from 'react';
import {
  PROCESSING_KEY,
  type Processing,
  type ProcessingChoice,
  processingChoice,
} from '../../offscreen/processing';
import type { MonitorState } from '../../state/monitor-state';

export const PROCESSING_LABELS: Record<Processing, string> = {
  server: PROCESSING_MESSAGES.server,
  device: PROCESSING_MESSAGES.device,
  fallback: PROCESSING_MESSAGES.fallback,
};

/** The remembered choice "Process video on this computer" (chrome.storage.local; read at each start). */
function useProcessingChoice(): [ProcessingChoice, (c: ProcessingChoice) => void] {
  const [choice, setChoice] = useState<ProcessingChoice>('server');
  useEffect(() => {
    void chrome.storage.local
      .get(PROCESSING_KEY)
      .then((v) =>
        setChoice(processingChoice(typeof v[PROCESSING_KEY] === 'string' ? v[PROCESSING_KEY] : null)),
      );
  }, []);
  return [
    choice,
    (next) => {
      setChoice(next);
      void chrome.storage.local.set({ [PROCESSING_KEY]: next });
    },
  ];
}

/** Where the video is processed now, and the choice for the next start. */
export function ProcessingSection({ monitor, running }: { monitor: MonitorState; running: boolean }) {
  const [choice, setChoice] = useProcessingChoice();
  return (
    <section className="popup-section" aria-label="Video processing">
      {running && (
        <small className="popup-muted" data-testid="processing">
          {PROCESSING_LABELS[monitor.processing ?? 'server']}
        </small>
      )}
      <label className="popup-switch">
        <input
          type="checkbox"
          data-testid="process-on-device"
          checked={choice === 'device'}
          onChange={(e) => setChoice(e.target.checked ? 'device' : 'server')}
        />
        <span>
          {PROCESSING_MESSAGES.choice}
          {running ? ' (from the next start)' : ''}
        </span>
      </label>
    </section>
  );
}
