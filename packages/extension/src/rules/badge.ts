// The toolbar badge: what the extension is doing at a glance, and an alert standing (alert-style.ts).
import { poorPostureText, postureIssueName } from '@posture-vision/core';
import type { MonitorState } from '../state/monitor-state';
import { ALERT_BADGE_TEXT, STAND_UP_BADGE_TEXT } from './alert-style';

export interface Badge {
  text: string;
  color: string;
  title: string;
}

const GREEN = '#2e7d32';
const RED = '#c62828';
const GREY = '#616161';
const AMBER = '#f9a825';

export function badgeFor(state: MonitorState): Badge {
  switch (state.phase) {
    case 'stopped':
      return { text: '', color: GREY, title: 'Posture Vision: not monitoring' };
    case 'starting':
    case 'calibrating':
      return { text: '…', color: GREY, title: 'Posture Vision: starting' };
    case 'paused':
      return {
        text: 'II',
        color: GREY,
        // Paused while idle, or waiting for the camera: the message says which.
        title: `Posture Vision: ${state.message ?? 'paused while the computer is idle or locked'}`,
      };
    case 'error':
      return { text: '!', color: RED, title: `Posture Vision: ${state.message ?? 'error'}` };
    case 'monitoring':
      if (state.connection !== 'Connected')
        return { text: '?', color: AMBER, title: `Posture Vision: ${state.connection}` };
      if (state.posture === 'poor' && state.alert)
        return { text: ALERT_BADGE_TEXT, color: RED, title: `Posture Vision: ${state.alert}` };
      if (state.posture === 'poor' && !state.standUp)
        return {
          text: 'POOR',
          color: RED,
          title: `Posture Vision: ${poorPostureText(state.issue ? postureIssueName(state.issue) : null)}`,
        };
      // A stand-up reminder stands over the posture (a posture alert stands over it): both ask to move.
      if (state.standUp)
        return { text: STAND_UP_BADGE_TEXT, color: AMBER, title: `Posture Vision: ${state.standUp}` };
      if (state.posture === 'good')
        return { text: 'OK', color: GREEN, title: 'Posture Vision: good posture' };
      return { text: '–', color: GREY, title: 'Posture Vision: nobody in view' };
  }
}
