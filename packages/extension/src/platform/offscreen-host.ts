// The offscreen document that holds the camera and the live link. Chrome allows one per extension.
export interface OffscreenHost {
  exists(): Promise<boolean>;
  ensure(): Promise<void>;
  close(): Promise<void>;
}

export const OFFSCREEN_PATH = 'src/offscreen/offscreen.html';

export function chromeOffscreenHost(): OffscreenHost {
  const url = chrome.runtime.getURL(OFFSCREEN_PATH);
  async function exists(): Promise<boolean> {
    const contexts = await chrome.runtime.getContexts({
      contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
      documentUrls: [url],
    });
    return contexts.length > 0;
  }
  return {
    exists,
    async ensure() {
      if (await exists()) return;
      try {
        await chrome.offscreen.createDocument({
          url: OFFSCREEN_PATH,
          reasons: [chrome.offscreen.Reason.USER_MEDIA],
          justification: 'Passive posture monitoring uses the camera while no extension page is open.',
        });
      } catch (error) {
        // Two starts in a row race to create it; the second finds it there.
        if (!(await exists())) throw error;
      }
    },
    async close() {
      if (await exists()) await chrome.offscreen.closeDocument();
    },
  };
}
