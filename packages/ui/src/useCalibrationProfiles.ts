// The user's calibration profiles as stored on the API, for a host's ProfilePicker (the web app's real-time
// session, the extension's popup): read when enabled, the active one chosen and a new one created through the
// API, the list read again after each change. The host is told of the active profile when it is first read and
// whenever a change leaves another one active.
import { type ApiClient, type CalibrationProfile, failureText } from '@posture-vision/core';
import type { ProfileSetup } from '@posture-vision/core/calibration';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ProfilesApi = Pick<ApiClient['calibration']['profiles'], 'list' | 'activate' | 'create'>;

export interface CalibrationProfilesOptions {
  /** Read the list only while true (default true), e.g. once the user is signed in. */
  enabled?: boolean;
  /** The active profile (null: none), `first` on the first read, else after a change made it another one. */
  onActiveChange?(profile: CalibrationProfile | null, first: boolean): void;
}

export interface CalibrationProfiles {
  /** Null until first read. */
  profiles: CalibrationProfile[] | null;
  /** Why the last read or change failed, as the user reads it (null when it did not). */
  error: string | null;
  activate(id: string): void;
  /** Resolves true once created and the list read again; false with the reason in `error`. */
  create(name: string, setup: ProfileSetup): Promise<boolean>;
}

export function useCalibrationProfiles(
  api: ProfilesApi,
  { enabled = true, onActiveChange }: CalibrationProfilesOptions = {},
): CalibrationProfiles {
  const [profiles, setProfiles] = useState<CalibrationProfile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const notify = useRef(onActiveChange);
  notify.current = onActiveChange;
  const activeId = useRef<string | null | undefined>(undefined);

  const load = useCallback(async () => {
    const list = (await api.list()).data ?? [];
    setProfiles(list);
    const active = list.find((p) => p.active) ?? null;
    if (active?.id !== activeId.current) {
      const first = activeId.current === undefined;
      activeId.current = active?.id ?? null;
      notify.current?.(active, first);
    }
  }, [api]);

  useEffect(() => {
    if (enabled) load().catch((e) => setError(failureText(e)));
  }, [enabled, load]);

  /** Runs a change and reads the list again; false (with the reason shown) when it failed. */
  const act = async (work: () => Promise<unknown>): Promise<boolean> => {
    setError(null);
    try {
      await work();
      await load();
      return true;
    } catch (e) {
      setError(failureText(e));
      return false;
    }
  };

  return {
    profiles,
    error,
    activate: (id) => void act(() => api.activate(id)),
    create: (name, setup) => act(() => api.create({ name, setup })),
  };
}
