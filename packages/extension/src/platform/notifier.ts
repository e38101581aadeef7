// Desktop notifications for persistent poor posture and the stand-up reminder, each with a snooze button.
import { SITTING_MESSAGES, STAND_UP_SNOOZE_MS } from '@posture-vision/core';

export interface Notifier {
  /** Shows the alert's text (what to do about the issue seen). */
  poorPosture(text: string): Promise<void>;
  /** Calls back when the notification's snooze button is clicked (registered at the worker's top level). */
  onSnooze(callback: () => void): void;
  /** The stand-up reminder (how long the person has been sitting). */
  standUp(text: string): Promise<void>;
  /** Calls back when the stand-up reminder's snooze button is clicked. */
  onStandUpSnooze(callback: () => void): void;
}

const STAND_UP_ID = 'stand-up';

/** The stand-up reminder's notification: silent for the system, as the posture alert is. */
export function standUpNotification(
  text: string,
  iconUrl: string,
): chrome.notifications.NotificationCreateOptions {
  return {
    type: 'basic',
    iconUrl,
    title: SITTING_MESSAGES.standUpTitle,
    message: text,
    buttons: [{ title: SITTING_MESSAGES.standUpSnooze(STAND_UP_SNOOZE_MS / 60_000) }],
    priority: 1,
    silent: true,
  };
}

const POOR_POSTURE_ID = 'poor-posture';
export const POOR_POSTURE_TITLE = 'Posture Vision';
export const SNOOZE_BUTTON = 'Snooze 30 min';

/**
 * The notification of an alert. Always silent for the system: the sound style plays the extension's own short
 * sound (offscreen/chime.ts), the silent style none, so no system sound comes on top of either.
 */
export function poorPostureNotification(
  text: string,
  iconUrl: string,
): chrome.notifications.NotificationCreateOptions {
  return {
    type: 'basic',
    iconUrl,
    title: POOR_POSTURE_TITLE,
    message: text,
    buttons: [{ title: SNOOZE_BUTTON }],
    priority: 1,
    silent: true,
  };
}

/** A notification's snooze button (its first) clicked: the callback, and the notification cleared. */
function onSnoozeButton(notificationId: string, callback: () => void): void {
  chrome.notifications.onButtonClicked.addListener((id, index) => {
    if (id === notificationId && index === 0) {
      callback();
      void chrome.notifications.clear(id);
    }
  });
}

export function chromeNotifier(): Notifier {
  return {
    async poorPosture(text) {
      // One id: a repeat after the cooldown replaces the notification still shown instead of stacking another.
      await chrome.notifications.create(
        POOR_POSTURE_ID,
        poorPostureNotification(text, chrome.runtime.getURL('icons/icon128.png')),
      );
    },
    onSnooze: (callback) => onSnoozeButton(POOR_POSTURE_ID, callback),
    async standUp(text) {
      await chrome.notifications.create(
        STAND_UP_ID,
        standUpNotification(text, chrome.runtime.getURL('icons/icon128.png')),
      );
    },
    onStandUpSnooze: (callback) => onSnoozeButton(STAND_UP_ID, callback),
  };
}
