import * as ToastPrimitive from '@radix-ui/react-toast';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  text: string;
  tone: ToastTone;
}

export interface ToastsProps {
  toasts: ToastItem[];
  /** The user closed one (its × button, Escape, or a swipe). */
  onDismiss(id: number): void;
  /** The region's name for screen readers (F8 moves focus to it). */
  label?: string;
}

/**
 * Short notices (Radix Toast): each is announced (errors assertively), can be reached with F8, closed with
 * its labelled button, Escape or a swipe. How long one stays is the host's rule (the specification gives
 * fixed times), so the host removes it from `toasts`; Radix's own timer is off.
 */
export function Toasts({ toasts, onDismiss, label = 'Notifications ({hotkey})' }: ToastsProps) {
  return (
    <ToastPrimitive.Provider duration={Number.POSITIVE_INFINITY} swipeDirection="right" label={label}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open
          onOpenChange={(open) => {
            if (!open) onDismiss(t.id);
          }}
          type={t.tone === 'error' ? 'foreground' : 'background'}
          className={`ui-toast ui-toast-${t.tone}`}
          data-testid="toast"
        >
          <ToastPrimitive.Description className="ui-toast-text">{t.text}</ToastPrimitive.Description>
          <ToastPrimitive.Close className="ui-toast-close" aria-label="Dismiss">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="ui-toasts" />
    </ToastPrimitive.Provider>
  );
}
