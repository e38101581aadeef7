// The session page's developer log: for developers, shown only in debug mode (?debug=1), folded until asked for.
import { Button } from '@posture-vision/ui';
import { useState } from 'react';

export function DeveloperLog({ log }: { log: readonly string[] }) {
  const [shown, setShown] = useState(false);
  return (
    <section className="rts-log">
      <Button size="sm" variant="ghost" onClick={() => setShown((v) => !v)}>
        {shown ? 'Hide Developer Log' : 'Show Developer Log'}
      </Button>
      {shown && <pre data-testid="developer-log">{log.length ? log.join('\n') : 'No log entries yet.'}</pre>}
    </section>
  );
}
