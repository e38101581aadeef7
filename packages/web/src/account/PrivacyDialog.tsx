import { useEffect, useRef } from 'react';

/** The privacy agreement of the registration form; Accept Agreement ticks the box. */
export function PrivacyDialog({ onAccept, onClose }: { onAccept: () => void; onClose: () => void }) {
  const acceptRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    acceptRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal" role="dialog" aria-modal="true" aria-labelledby="privacy-title">
      <div className="modal-body">
        <h2 id="privacy-title">Privacy Agreement</h2>
        <div className="modal-scroll">
          <p>
            Posture Vision stores your account details (name, e-mail, birthday and phone number), your
            calibration photos and the posture measurements of your sessions, to give you feedback and show
            your progress.
          </p>
          <p>
            Live camera video is analysed while the camera is on and is not recorded. Only the measurements
            are kept.
          </p>
          <p>
            We do not sell your data. You can export it as JSON or CSV from your profile at any time, and
            deleting your account deletes all of it.
          </p>
          <p>Posture Vision gives posture feedback; it is not a medical diagnosis.</p>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Close
          </button>
          <button ref={acceptRef} type="button" className="btn btn-primary" onClick={onAccept}>
            Accept Agreement
          </button>
        </div>
      </div>
    </div>
  );
}
