import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';
/** Toasts stay 10 s unless a caller gives another duration (document 1, section 9). */
export const DEFAULT_TOAST_MS = 10_000;

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
  durationMs: number;
}

interface ToastState {
  toasts: Toast[];
  show(text: string, kind: ToastKind, durationMs?: number): number;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show(text, kind, durationMs = DEFAULT_TOAST_MS) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, text, kind, durationMs }] });
    setTimeout(() => get().dismiss(id), durationMs);
    return id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

export const toast = {
  success: (text: string, durationMs?: number) => useToastStore.getState().show(text, 'success', durationMs),
  error: (text: string, durationMs?: number) => useToastStore.getState().show(text, 'error', durationMs),
  info: (text: string, durationMs?: number) => useToastStore.getState().show(text, 'info', durationMs),
};
