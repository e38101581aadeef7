import { useEffect, useRef } from 'react';

/** The promotional video's address, configured at build time (VITE_PROMO_VIDEO_URL); none by default. */
export const PROMO_VIDEO_URL: string = import.meta.env.VITE_PROMO_VIDEO_URL ?? '';

export function VideoLightbox({ url, onClose }: { url: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);
  return (
    <div className="lightbox" role="dialog" aria-modal="true" aria-label="Promotional video">
      <button
        type="button"
        className="lightbox-backdrop"
        aria-label="Close video"
        tabIndex={-1}
        onClick={onClose}
      />
      <div className="lightbox-body">
        <button
          ref={closeRef}
          type="button"
          className="lightbox-close"
          aria-label="Close video"
          onClick={onClose}
        >
          ×
        </button>
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
    </div>
  );
}
