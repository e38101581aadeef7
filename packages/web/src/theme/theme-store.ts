import { STORAGE_KEYS } from '@posture-vision/core/api';
import { create } from 'zustand';

export type Theme = 'light' | 'dark';

/** The stored preference when it is exactly 'light' or 'dark'; dark otherwise. */
export function initialTheme(stored: string | null): Theme {
  return stored === 'light' || stored === 'dark' ? stored : 'dark';
}

/** Applies the theme as the specification says: data-theme on the body, a dark class on the root element. */
export function applyTheme(theme: Theme, doc: Document = document): void {
  doc.body.setAttribute('data-theme', theme);
  doc.documentElement.classList.toggle('dark', theme === 'dark');
}

interface ThemeState {
  theme: Theme;
  toggle(): void;
}

export const useThemeStore = create<ThemeState>((set, get) => ({
  theme: initialTheme(localStorage.getItem(STORAGE_KEYS.appTheme)),
  toggle() {
    const theme: Theme = get().theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem(STORAGE_KEYS.appTheme, theme);
    set({ theme });
  },
}));

// Every change is applied to the document; main.tsx applies the initial value once.
useThemeStore.subscribe((state) => applyTheme(state.theme));
