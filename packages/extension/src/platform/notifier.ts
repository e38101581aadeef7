// Desktop notifications for persistent poor posture, with a snooze button.
export interface Notifier {
  poorPosture(): Promise<void>;
  /** Calls back when the notification's snooze button is clicked (registered at the worker's top level). */
  onSnooze(callback: () => void): void;
}

const POOR_POSTURE_ID = 'poor-posture';
export const POOR_POSTURE_TITLE = 'Posture Vision';
export const POOR_POSTURE_MESSAGE =
  'Your posture has been poor for a while. Sit up straight and relax your shoulders.';
export const SNOOZE_BUTTON = 'Snooze 30 min';

export function chromeNotifier(): Notifier {
  return {
    async poorPosture() {
      await chrome.notifications.create(POOR_POSTURE_ID, {
        type: 'basic',
        iconUrl: chrome.runtime.getURL('icons/icon128.png'),
        title: POOR_POSTURE_TITLE,
        message: POOR_POSTURE_MESSAGE,
        buttons: [{ title: SNOOZE_BUTTON }],
        priority: 1,
      });
    },
    onSnooze(callback) {
      chrome.notifications.onButtonClicked.addListener((id, index) => {
        if (id === POOR_POSTURE_ID && index === 0) {
          callback();
          void chrome.notifications.clear(id);
        }
      });
    },
  };
}
