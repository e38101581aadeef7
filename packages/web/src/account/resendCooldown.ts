import { create } from 'zustand';

/** Resend verification: 60 s between sends, then a redirect to /login after 3 s (document 1, section 9). */
export const RESEND_COOLDOWN_S = 60;
export const RESEND_REDIRECT_MS = 3000;

interface CooldownState {
  /** When the next send is allowed (epoch ms); 0 when idle. */
  until: number;
  start(now?: number): void;
}

// Kept outside the page so the cooldown survives the redirect to /login and back.
export const useResendCooldown = create<CooldownState>((set) => ({
  until: 0,
  start: (now = Date.now()) => set({ until: now + RESEND_COOLDOWN_S * 1000 }),
}));

/** Whole seconds left of the cooldown (0 when idle). */
export function secondsLeft(until: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}
