import { Button, Dialog } from '@posture-vision/ui';
import { useRef } from 'react';

/**
 * The privacy agreement of the registration form; Accept Agreement ticks the box. A modal dialog from the
 * shared components (focus kept inside, Escape and the overlay close it, focus returns to the link).
 */
export function PrivacyDialog({ onAccept, onClose }: { onAccept: () => void; onClose: () => void }) {
  const acceptRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Privacy Agreement"
      initialFocus={acceptRef}
      actions={
        <>
          <Button onClick={onClose}>Close</Button>
          <Button ref={acceptRef} variant="primary" onClick={onAccept}>
            Accept Agreement
          </Button>
        </>
      }
    >
      <div className="modal-scroll">
        <p>
          Posture Vision stores your account details (name, e-mail, birthday and phone number), your
          calibration photos and the posture measurements of your sessions, to give you feedback and show your
          progress.
        </p>
        <p>
          Live camera video is analysed while the camera is on and is not recorded. Only the measurements are
          kept.
        </p>
        <p>
          We do not sell your data. You can export it as JSON or CSV from your profile at any time, and
          deleting your account deletes all of it.
        </p>
        <p>Posture Vision gives posture feedback; it is not a medical diagnosis.</p>
      </div>
    </Dialog>
  );
}
