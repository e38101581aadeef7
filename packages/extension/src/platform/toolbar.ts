// The toolbar action's badge.
import type { Badge } from '../rules/badge';

export interface Toolbar {
  show(badge: Badge): Promise<void>;
}

export function chromeToolbar(): Toolbar {
  return {
    async show(badge) {
      await Promise.all([
        chrome.action.setBadgeText({ text: badge.text }),
        chrome.action.setBadgeBackgroundColor({ color: badge.color }),
        chrome.action.setTitle({ title: badge.title }),
      ]);
    },
  };
}
