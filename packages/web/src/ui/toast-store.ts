import { DEFAULT_TOAST_MS } from '@posture-vision/core/auth';
import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';

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
