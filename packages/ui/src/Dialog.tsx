import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';

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
  /** Extra classes on the dialog box (the host's own layout inside it). */
  className?: string;
  'data-testid'?: string;
}

/**
 * A modal dialog (Radix Dialog): focus moves in and is kept inside, Escape and the overlay close it, focus
 * returns to the opener, and the title and description are announced.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  initialFocus,
  className,
  ...rest
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ui-dialog-overlay" />
        <DialogPrimitive.Content
          className={className ? `ui-dialog ${className}` : 'ui-dialog'}
          data-testid={rest['data-testid']}
          onOpenAutoFocus={
            initialFocus
              ? (event) => {
                  event.preventDefault();
                  initialFocus.current?.focus();
                }
              : undefined
          }
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
