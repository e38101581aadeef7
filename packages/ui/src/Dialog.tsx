import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useRef } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom; wrap one in `DialogClose` to close on click. */
  actions?: ReactNode;
  /** Where focus goes on open (default: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close (default: back to the element that had it when the dialog opened). */
  finalFocus?: RefObject<HTMLElement | null>;
  /** Extra classes on the dialog box (the host's own layout inside it). */
  className?: string;
  'data-testid'?: string;
}

/**
 * A modal dialog (Radix Dialog): focus moves in and is kept inside, Escape and the overlay close it, focus
 * returns to the opener, and the title and description are announced. Radix returns focus only to its own
 * Trigger, and these dialogs are opened by state, so the opener is remembered here (focus went to the page's
 * body, and a keyboard user had to start over from the top).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  initialFocus,
  finalFocus,
  className,
  ...rest
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ui-dialog-overlay" />
        <DialogPrimitive.Content
          className={className ? `ui-dialog ${className}` : 'ui-dialog'}
          data-testid={rest['data-testid']}
          onOpenAutoFocus={(event) => {
            // Focus has not moved in yet: it is still on what opened the dialog.
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus) {
              event.preventDefault();
              initialFocus.current?.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const back = opener.current?.isConnected ? opener.current : null;
            (finalFocus?.current ?? back)?.focus();
            opener.current = null;
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className="ui-dialog-title">{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="ui-dialog-description">
              {description}
            </DialogPrimitive.Description>
          )}
          {children}
          {actions && <div className="ui-dialog-actions">{actions}</div>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export const DialogClose = DialogPrimitive.Close;
