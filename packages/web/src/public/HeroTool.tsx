import { Button } from '@posture-vision/ui';
import { lazy, Suspense } from 'react';

// The live posture tool is its own chunk, loaded after the landing page shows; until it arrives the hero
// shows the tool's start state.
const LiveTool = lazy(() => import('../live/LiveTool'));

export function HeroTool() {
  return (
    <div className="hero-tool" data-testid="hero-tool">
      <Suspense fallback={<ToolStartState />}>
        <LiveTool />
      </Suspense>
    </div>
  );
}

/** The start state of the live posture tool: camera idle, Free Tier, not connected. */
function ToolStartState() {
  return (
    <div className="tool-start">
      <fieldset className="tool-controls" disabled>
        <legend className="visually-hidden">Live posture tool controls</legend>
        <fieldset className="tier-toggle">
          <legend className="visually-hidden">Tier</legend>
          <button type="button" aria-pressed="true">
            Free Tier
          </button>
          <button type="button" aria-pressed="false">
            Pro
          </button>
        </fieldset>
        <Button variant="primary">Start Camera</Button>
        <Button>Stop Camera</Button>
        <Button>Calibrate Posture</Button>
        <Button>Active Mode</Button>
        <Button>Test Calibration</Button>
      </fieldset>
      <div className="tool-video" aria-hidden="true">
        <span>Camera off</span>
      </div>
      <p className="tool-status">
        Detection Status: <strong>Not connected</strong> · Free Tier 2:00
      </p>
    </div>
  );
}
