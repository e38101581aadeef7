// The app's toasts (toast-store.ts) drawn by the shared Radix toast list of @posture-vision/ui. The store keeps
// each toast for the spec's time (10 s by default, 3 s for the public logout).
import { Toasts } from '@posture-vision/ui';
import { useToastStore } from './toast-store';

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <Toasts toasts={toasts.map((t) => ({ id: t.id, text: t.text, tone: t.kind }))} onDismiss={dismiss} />
  );
}
