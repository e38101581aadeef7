import { Dialog, DialogClose } from '@posture-vision/ui';
import { useRef } from 'react';
import { appSetting } from '../services/settings';

/** The promotional video's address (VITE_PROMO_VIDEO_URL, built in or given to the server); none by default. */
export const PROMO_VIDEO_URL: string = appSetting('VITE_PROMO_VIDEO_URL') ?? '';

/**
 * The landing page's video in a modal dialog of the shared components (Radix Dialog: focus moves to the close
 * button and stays inside, Escape and the overlay close it, focus returns to the play button).
 */
export function VideoLightbox({ url, onClose }: { url: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Promotional video"
      className="lightbox"
      initialFocus={closeRef}
    >
      <div className="lightbox-body">
        {url ? (
          <iframe
            src={url}
            title="Posture Vision promotional video"
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <p className="lightbox-empty">The promotional video is not available right now.</p>
        )}
      </div>
      <DialogClose ref={closeRef} className="lightbox-close" aria-label="Close video">
        ×
      </DialogClose>
    </Dialog>
  );
}
