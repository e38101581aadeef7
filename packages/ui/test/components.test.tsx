// The shared components rendered with React in a DOM (jsdom 26, installed by hand: Vitest's own jsdom
// environment loads a newer jsdom that needs Node 22).

import type { AlertPreferences } from '@posture-vision/core';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { populateGlobal } from 'vitest/environments';

const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
populateGlobal(globalThis, dom.window, { bindFunctions: true });
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { useState } = await import('react');
const { act, cleanup, fireEvent, render, renderHook, screen, waitFor } = await import(
  '@testing-library/react'
);
const {
  ActionNotice,
  AlertPreferenceFields,
  Button,
  Dialog,
  NewProfileForm,
  NO_PROFILES,
  PROFILES_LOADING,
  ProfilePicker,
  DialogClose,
  Field,
  PostureStrip,
  Progress,
  ShareRing,
  StatusPill,
  Toasts,
  Toggle,
  useCalibrationProfiles,
} = await import('../src');
const { ApiError, DEFAULT_ALERT_PREFERENCES } = await import('@posture-vision/core');

/** A host that keeps what the fields report, as the popup and User Settings do, and lists the quiet hours reported. */
function QuietHost({ saved }: { saved: unknown[] }) {
  const [prefs, setPrefs] = useState<AlertPreferences>({ ...DEFAULT_ALERT_PREFERENCES });
  return (
    <AlertPreferenceFields
      preferences={prefs}
      onChange={(next) => {
        saved.push(next.quietHours);
        setPrefs(next);
      }}
    />
  );
}

afterEach(cleanup);

/** Two toasts held in state, as the web app's store holds them; Dismiss removes one. */
function ToastHost() {
  const [toasts, setToasts] = useState([
    { id: 1, text: 'Saved.', tone: 'success' as const },
    { id: 2, text: 'Could not save.', tone: 'error' as const },
  ]);
  return <Toasts toasts={toasts} onDismiss={(id) => setToasts((t) => t.filter((x) => x.id !== id))} />;
}

function ActiveMode() {
  const [on, setOn] = useState(false);
  return (
    <Toggle pressed={on} onPressedChange={setOn}>
      Active Mode
    </Toggle>
  );
}

function Opened() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Time's up"
      actions={
        <DialogClose asChild>
          <Button>Close</Button>
        </DialogClose>
      }
    />
  );
}

describe('shared components', () => {
  it('a toggle announces and shows its state', () => {
    render(<ActiveMode />);
    const toggle = screen.getByRole('button', { name: 'Active Mode' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('data-state')).toBe('on');
  });

  it('a dialog is a labelled modal that closes from its close button', async () => {
    render(<Opened />);
    const dialog = screen.getByRole('dialog', { name: "Time's up" });
    expect(dialog).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a field ties its label and error to the input', () => {
    render(<Field label="Email" error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Email is required',
    );
  });

  it('charts and pills say in words what their colours show', () => {
    render(
      <>
        <ShareRing percent={72.4} label="Good posture today" />
        <ShareRing percent={null} label="Nothing yet" />
        <StatusPill tone="good">Good posture</StatusPill>
        <Progress label="Loading pose models" value={0.5} detail="2 of 4" />
        <PostureStrip
          label="Posture over time"
          segments={[
            { tone: 'good', share: 0.75, title: '10:00–10:03 · Good' },
            { tone: 'poor', share: 0.25, title: '10:03–10:04 · Poor · forward head' },
          ]}
        />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Good posture today: 72%' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nothing yet: –' })).toBeTruthy();
    expect(screen.getByText('Good posture').getAttribute('data-tone')).toBe('good');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('title'))).toEqual([
      '10:00–10:03 · Good',
      '10:03–10:04 · Poor · forward head',
    ]);
    expect((items[0] as HTMLElement).style.width).toBe('75%');
  });

  it('toasts are listed in a labelled region and closed by their Dismiss button', async () => {
    render(<ToastHost />);
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual(['Saved.×', 'Could not save.×']);
    const [first] = screen.getAllByRole('button', { name: 'Dismiss' });
    await act(async () => fireEvent.click(first as HTMLElement));
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual(['Could not save.×']);
  });

  it("alert preference fields offer core's choices and report a delay only once completed and valid; an action notice runs its one action", async () => {
    const changes: unknown[] = [];
    const typed: unknown[] = [];
    let acted = 0;
    render(
      <>
        <AlertPreferenceFields
          preferences={{
            sensitivity: 'high',
            warningDelaySeconds: 30,
            alertStyle: 'silent',
            standUpMinutes: 50,
            batteryMode: 'usual',
            quietInCalls: false,
            quietHours: null,
          }}
          onChange={(c) => changes.push(c)}
          onDelayInput={(d) => typed.push(d)}
        />
        <ActionNotice text="Stale." actionLabel="Recalibrate" onAction={() => acted++} />
      </>,
    );
    const delay = screen.getByLabelText('Warning delay (seconds, 0–60)');
    const limit = 'The warning delay must be a whole number of seconds from 0 to 60.';
    const problem = () => screen.queryByTestId('alert-warning-delay-problem')?.textContent ?? null;
    await act(async () =>
      fireEvent.change(screen.getByTestId('alert-sensitivity'), { target: { value: 'low' } }),
    );
    expect(
      [...(screen.getByTestId('alert-sensitivity') as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual(['High — any deviation', 'Medium — clear deviations', 'Low — strong deviations only']);
    // Cleared on the way to another number: nothing is reported, and the limit is said once the field is left.
    await act(async () => fireEvent.change(delay, { target: { value: '' } }));
    expect(problem()).toBeNull();
    await act(async () => fireEvent.blur(delay));
    expect(problem()).toBe(limit);
    // 9 on the way to 99: neither is reported; 99 is said to be past the limit at once.
    await act(async () => fireEvent.change(delay, { target: { value: '9' } }));
    expect(problem()).toBeNull();
    await act(async () => fireEvent.change(delay, { target: { value: '99' } }));
    expect(problem()).toBe(limit);
    expect(delay.getAttribute('aria-invalid')).toBe('true');
    await act(async () => fireEvent.blur(delay));
    // 45 completed by leaving the field, 20 by Enter: each reported once.
    await act(async () => fireEvent.change(delay, { target: { value: '45' } }));
    await act(async () => fireEvent.blur(delay));
    await act(async () => fireEvent.change(delay, { target: { value: '20' } }));
    await act(async () => fireEvent.keyDown(delay, { key: 'Enter' }));
    expect(problem()).toBeNull();
    // The alert style: core's four choices, reported as chosen.
    expect(
      [...(screen.getByLabelText('Alert style') as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual([
      'Notification with a short sound',
      'Notification without sound',
      'Toolbar badge only',
      'None (statistics only)',
    ]);
    await act(async () =>
      fireEvent.change(screen.getByTestId('alert-style'), { target: { value: 'badge' } }),
    );
    // The stand-up reminder: off, or 20 to 120 minutes of sitting; reported as chosen, off as null.
    const standUp = screen.getByLabelText('Stand-up reminder') as HTMLSelectElement;
    expect(standUp.value).toBe('50');
    expect([...standUp.options].map((o) => o.textContent)).toEqual([
      'Off',
      ...[20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120].map((m) => `After ${m} min of sitting`),
    ]);
    await act(async () => fireEvent.change(standUp, { target: { value: 'off' } }));
    await act(async () => fireEvent.change(standUp, { target: { value: '20' } }));
    // On battery: as usual (the default), a slower watch, or a pause; reported as chosen.
    const battery = screen.getByLabelText('On battery') as HTMLSelectElement;
    expect(battery.value).toBe('usual');
    expect([...battery.options].map((o) => o.textContent)).toEqual([
      'Monitor as usual',
      'Watch more slowly',
      'Pause monitoring',
    ]);
    await act(async () => fireEvent.change(battery, { target: { value: 'pause' } }));
    // Quiet in calls: said what it sees and what not; reported as turned on.
    const quietInCalls = screen.getByLabelText('Quiet in calls') as HTMLInputElement;
    expect(quietInCalls.checked).toBe(false);
    expect(document.getElementById(quietInCalls.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /Calls in desktop apps are not seen: set quiet hours for them\.$/,
    );
    await act(async () => fireEvent.click(quietInCalls));
    // Quiet hours: off, turned on with core's first window; no times shown while off.
    expect(screen.queryByTestId('quiet-hours-start')).toBeNull();
    await act(async () => fireEvent.click(screen.getByLabelText('Quiet hours')));
    const prefs = {
      warningDelaySeconds: 30,
      alertStyle: 'silent',
      standUpMinutes: 50,
      batteryMode: 'usual',
      quietInCalls: false,
      quietHours: null,
    };
    expect(changes).toEqual([
      { ...prefs, sensitivity: 'low' },
      { ...prefs, sensitivity: 'high', warningDelaySeconds: 45 },
      { ...prefs, sensitivity: 'high', warningDelaySeconds: 20 },
      { ...prefs, sensitivity: 'high', alertStyle: 'badge' },
      { ...prefs, sensitivity: 'high', standUpMinutes: null },
      { ...prefs, sensitivity: 'high', standUpMinutes: 20 },
      { ...prefs, sensitivity: 'high', batteryMode: 'pause' },
      { ...prefs, sensitivity: 'high', quietInCalls: true },
      { ...prefs, sensitivity: 'high', quietHours: { start: '09:00', end: '10:00' } },
    ]);
    // A host saving with its own button sees each edit as core reads it.
    expect(typed.slice(0, 3)).toEqual([
      { ok: false, message: limit },
      { ok: true, seconds: 9 },
      { ok: false, message: limit },
    ]);
    expect(screen.getByRole('alert').textContent).toContain('Stale.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Recalibrate' })));
    expect(acted).toBe(1);
  });

  it('quiet hours take two different times, across midnight too, and report each window once it is one', async () => {
    const saved: unknown[] = [];
    render(<QuietHost saved={saved} />);
    await act(async () => fireEvent.click(screen.getByLabelText('Quiet hours')));
    const start = screen.getByLabelText('From') as HTMLInputElement;
    const end = screen.getByLabelText('Until') as HTMLInputElement;
    expect([start.value, end.value]).toEqual(['09:00', '10:00']);
    // Across midnight: from 22:00 until 07:00.
    await act(async () => fireEvent.change(start, { target: { value: '22:00' } }));
    await act(async () => fireEvent.change(end, { target: { value: '07:00' } }));
    // Until the time it starts, or cleared: said, not reported.
    await act(async () => fireEvent.change(end, { target: { value: '22:00' } }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Quiet hours must end at another time than they start.',
    );
    expect(end.getAttribute('aria-invalid')).toBe('true');
    await act(async () => fireEvent.change(end, { target: { value: '' } }));
    await act(async () => fireEvent.change(end, { target: { value: '06:30' } }));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => fireEvent.click(screen.getByLabelText('Quiet hours')));
    expect(screen.queryByLabelText('From')).toBeNull();
    expect(saved).toEqual([
      { start: '09:00', end: '10:00' },
      { start: '22:00', end: '10:00' },
      { start: '22:00', end: '07:00' },
      { start: '22:00', end: '06:30' },
      null,
    ]);
  });

  it('the profile picker says while it loads, when there is no profile yet, and lists the active one otherwise', () => {
    const picker = (
      profiles: { id: string; name: string; setup: 'laptop'; active: boolean }[] | null,
      error: string | null = null,
    ) => (
      <ProfilePicker
        profiles={profiles}
        onActivate={() => undefined}
        onCreate={async () => true}
        error={error}
      />
    );
    const { rerender } = render(picker([]));
    expect(screen.getByTestId('no-profiles').textContent).toBe(NO_PROFILES);
    expect(screen.queryByTestId('active-profile')).toBeNull();
    expect(screen.queryByTestId('profiles-loading')).toBeNull();
    rerender(picker(null));
    expect(screen.queryByTestId('no-profiles')).toBeNull();
    expect(screen.getByTestId('profiles-loading').textContent).toBe(PROFILES_LOADING);
    // A list that could not be read is not loading any more: the reason is shown instead.
    rerender(picker(null, 'The server could not be reached.'));
    expect(screen.queryByTestId('profiles-loading')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The server could not be reached.');
    rerender(picker([{ id: 'p1', name: 'Desk', setup: 'laptop', active: true }]));
    expect(screen.queryByTestId('no-profiles')).toBeNull();
    expect(screen.queryByTestId('profiles-loading')).toBeNull();
    expect((screen.getByTestId('active-profile') as HTMLSelectElement).value).toBe('p1');
    expect(screen.getByTestId('active-profile').textContent).toBe('Desk (Laptop)');
  });

  it('the new-profile form sends the trimmed name and setup, and clears the name only once created', async () => {
    const calls: [string, string][] = [];
    let result = false;
    render(
      <NewProfileForm
        onCreate={async (name, setup) => {
          calls.push([name, setup]);
          return result;
        }}
      />,
    );
    const name = screen.getByTestId('new-profile-name') as HTMLInputElement;
    const add = screen.getByRole('button', { name: 'Add profile' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await act(async () => fireEvent.change(name, { target: { value: '  Desk  ' } }));
    await act(async () =>
      fireEvent.change(screen.getByTestId('new-profile-setup'), { target: { value: 'standing' } }),
    );
    await act(async () => fireEvent.click(add));
    expect(calls).toEqual([['Desk', 'standing']]);
    expect(name.value).toBe('  Desk  ');
    result = true;
    await act(async () => fireEvent.click(add));
    expect(name.value).toBe('');
  });

  it('calibration profiles: read once, told the active one first, then each change; a refused change says why', async () => {
    // The API at the edge: an in-memory list of profiles, one refusal on demand.
    const list = [
      { id: 'p1', name: 'Desk', setup: 'laptop', active: true },
      { id: 'p2', name: 'Standing', setup: 'standing', active: false },
    ];
    let refuse = false;
    const answer = <T,>(data: T) => ({ success: true, data });
    const api = {
      list: async () => answer(list.map((p) => ({ ...p }))),
      activate: async (id: string) => {
        if (refuse)
          throw new ApiError('Profile not found.', 404, {
            success: false,
            error: { message: 'Profile not found.' },
          });
        for (const p of list) p.active = p.id === id;
        return answer(list.find((p) => p.id === id));
      },
      create: async ({ name, setup }: { name: string; setup: string }) => {
        list.push({ id: `p${list.length + 1}`, name, setup, active: false });
        return answer(list.at(-1));
      },
    } as unknown as Parameters<typeof useCalibrationProfiles>[0];
    const told: [string | null, boolean][] = [];
    const { result } = renderHook(() =>
      useCalibrationProfiles(api, { onActiveChange: (p, first) => told.push([p?.id ?? null, first]) }),
    );
    await waitFor(() => expect(result.current.profiles?.map((p) => p.id)).toEqual(['p1', 'p2']));
    expect(told).toEqual([['p1', true]]);
    await act(async () => result.current.activate('p2'));
    await waitFor(() =>
      expect(told).toEqual([
        ['p1', true],
        ['p2', false],
      ]),
    );
    expect(await act(() => result.current.create('Sofa', 'other'))).toBe(true);
    expect(result.current.profiles?.map((p) => p.name)).toEqual(['Desk', 'Standing', 'Sofa']);
    // A new profile is not active: nobody is told again.
    expect(told).toHaveLength(2);
    refuse = true;
    await act(async () => result.current.activate('p1'));
    await waitFor(() => expect(result.current.error).toBe('Profile not found.'));
    expect(told).toHaveLength(2);
  });
});
