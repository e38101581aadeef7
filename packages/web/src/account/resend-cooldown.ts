import { RESEND_COOLDOWN_SECONDS } from '@posture-vision/core/auth';
import { create } from 'zustand';

interface CooldownState {
  /** When the next send is allowed (epoch ms); 0 when idle. */
  until: number;
  start(now?: number): void;
}

// Kept outside the page so the 60 s cooldown survives the redirect to /login and back.
export const useResendCooldown = create<CooldownState>((set) => ({
  until: 0,
  start: (now = Date.now()) => set({ until: now + RESEND_COOLDOWN_SECONDS * 1000 }),
}));

/** Whole seconds left of the cooldown (0 when idle). */
export function secondsLeft(until: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}
