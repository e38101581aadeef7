// The alert controls shown by the web app's User Settings and the extension's popup: how far from the
// reference counts as a deviation, how long poor posture lasts before the alert, how the alert comes, and after
// how long a sitting stretch the stand-up reminder comes (or never), what monitoring does on battery, and when
// alerts are held (quiet in calls, quiet hours). The choices, labels,
// limits and the rule that reads a typed delay are core's (settings/alert-preferences), so both hosts show and
// send the same thing; each host loads and saves the preferences through the API, when it chooses.

import { SITTING_MESSAGES, STAND_UP_MINUTE_CHOICES } from '@posture-vision/core/sessions';
import {
  ALERT_PREFERENCE_MESSAGES,
  ALERT_STYLE_CHOICES,
  type AlertPreferences,
  BATTERY_MESSAGES,
  BATTERY_MODE_CHOICES,
  DEFAULT_QUIET_HOURS,
  normalizeQuietHours,
  QUIET_MESSAGES,
  type QuietHours,
  readWarningDelay,
  SENSITIVITY_CHOICES,
  WARNING_DELAY_S,
  type WarningDelayInput,
} from '@posture-vision/core/settings';
import { useEffect, useId, useState } from 'react';

/** The select's value for the reminder off (a select's values are strings; the preference's off is null). */
const STAND_UP_OFF = 'off';

/** One preference chosen from core's list of choices (each a value and its label). */
function ChoiceField<T extends string>(props: {
  label: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange(value: T): void;
  testId: string;
}) {
  return (
    <label>
      {props.label}
      <select
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
        data-testid={props.testId}
      >
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Quiet hours: on or off, and the window's two times. A time is reported once the window it makes is one (two
 * different times of day); a time cleared or equal to the other is said, never saved.
 */
function QuietHoursFields(props: { value: QuietHours | null; onChange(value: QuietHours | null): void }) {
  const id = useId();
  const [draft, setDraft] = useState<QuietHours>(props.value ?? DEFAULT_QUIET_HOURS);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (props.value) setDraft(props.value);
    setProblem(null);
  }, [props.value]);
  function edit(part: keyof QuietHours, time: string) {
    const next = { ...draft, [part]: time };
    setDraft(next);
    const window = normalizeQuietHours(next);
    setProblem(window ? null : QUIET_MESSAGES.quietHoursProblem);
    if (window) props.onChange(window);
  }
  return (
    <>
      <div className="ui-check">
        <input
          id={`${id}-quiet-hours`}
          type="checkbox"
          checked={props.value !== null}
          onChange={(e) =>
            props.onChange(e.target.checked ? (normalizeQuietHours(draft) ?? DEFAULT_QUIET_HOURS) : null)
          }
          data-testid="quiet-hours"
        />
        <label htmlFor={`${id}-quiet-hours`}>{QUIET_MESSAGES.quietHours}</label>
      </div>
      {props.value && (
        <div className="ui-time-range">
          {(['start', 'end'] as const).map((part) => (
            <label key={part}>
              {part === 'start' ? QUIET_MESSAGES.quietHoursStart : QUIET_MESSAGES.quietHoursEnd}
              <input
                type="time"
                value={draft[part]}
                onChange={(e) => edit(part, e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-quiet-problem` : undefined}
                data-testid={`quiet-hours-${part}`}
              />
            </label>
          ))}
        </div>
      )}
      {props.value && problem && (
        <small id={`${id}-quiet-problem`} className="ui-field-error" role="alert">
          {problem}
        </small>
      )}
    </>
  );
}

export interface AlertPreferenceFieldsProps {
  preferences: AlertPreferences;
  /**
   * The preferences with the user's change: a choice made, or a warning delay completed (Enter, or leaving the
   * field) and valid. A delay being typed is never one: cleared on the way to 45, or 9 on the way to 99.
   */
  onChange(next: AlertPreferences): void;
  /** Each edit of the delay's field as core reads it, for a host that saves with its own form's button. */
  onDelayInput?(input: WarningDelayInput): void;
}

export function AlertPreferenceFields({ preferences, onChange, onDelayInput }: AlertPreferenceFieldsProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(preferences.warningDelaySeconds));
  const [problem, setProblem] = useState<string | null>(null);
  // A value saved or loaded (the API's answer) replaces what the field shows.
  useEffect(() => {
    setDraft(String(preferences.warningDelaySeconds));
    setProblem(null);
  }, [preferences.warningDelaySeconds]);

  function edit(text: string) {
    setDraft(text);
    const read = readWarningDelay(text);
    onDelayInput?.(read);
    // Past the limit is said at once (99 cannot become valid by typing on); an empty field only once left.
    setProblem(read.ok || text.trim() === '' ? null : read.message);
  }

  function complete() {
    const read = readWarningDelay(draft);
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    setProblem(null);
    if (read.seconds !== preferences.warningDelaySeconds)
      onChange({ ...preferences, warningDelaySeconds: read.seconds });
  }

  return (
    <>
      <ChoiceField
        label="Sensitivity"
        value={preferences.sensitivity}
        choices={SENSITIVITY_CHOICES}
        onChange={(sensitivity) => onChange({ ...preferences, sensitivity })}
        testId="alert-sensitivity"
      />
      <label>
        Warning delay (seconds, {WARNING_DELAY_S.min}–{WARNING_DELAY_S.max})
        <input
          type="number"
          min={WARNING_DELAY_S.min}
          max={WARNING_DELAY_S.max}
          step={1}
          value={draft}
          onChange={(e) => edit(e.target.value)}
          onBlur={complete}
          onKeyDown={(e) => {
            if (e.key === 'Enter') complete();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-delay-problem` : undefined}
          data-testid="alert-warning-delay"
        />
      </label>
      {problem && (
        <small
          id={`${id}-delay-problem`}
          className="ui-field-error"
          role="alert"
          data-testid="alert-warning-delay-problem"
        >
          {problem}
        </small>
      )}
      <ChoiceField
        label={ALERT_PREFERENCE_MESSAGES.alertStyle}
        value={preferences.alertStyle}
        choices={ALERT_STYLE_CHOICES}
        onChange={(alertStyle) => onChange({ ...preferences, alertStyle })}
        testId="alert-style"
      />
      <label>
        {SITTING_MESSAGES.standUpSetting}
        <select
          value={preferences.standUpMinutes === null ? STAND_UP_OFF : String(preferences.standUpMinutes)}
          onChange={(e) =>
            onChange({
              ...preferences,
              standUpMinutes: e.target.value === STAND_UP_OFF ? null : Number(e.target.value),
            })
          }
          data-testid="stand-up-minutes"
        >
          <option value={STAND_UP_OFF}>{SITTING_MESSAGES.standUpOff}</option>
          {STAND_UP_MINUTE_CHOICES.map((m) => (
            <option key={m} value={String(m)}>
              {SITTING_MESSAGES.standUpChoice(m)}
            </option>
          ))}
        </select>
      </label>
      <ChoiceField
        label={BATTERY_MESSAGES.setting}
        value={preferences.batteryMode}
        choices={BATTERY_MODE_CHOICES}
        onChange={(batteryMode) => onChange({ ...preferences, batteryMode })}
        testId="battery-mode"
      />
      <div className="ui-check">
        <input
          id={`${id}-quiet-calls`}
          type="checkbox"
          checked={preferences.quietInCalls}
          onChange={(e) => onChange({ ...preferences, quietInCalls: e.target.checked })}
          aria-describedby={`${id}-quiet-calls-help`}
          data-testid="quiet-in-calls"
        />
        <label htmlFor={`${id}-quiet-calls`}>{QUIET_MESSAGES.quietInCalls}</label>
      </div>
      <small id={`${id}-quiet-calls-help`} className="ui-field-hint">
        {QUIET_MESSAGES.quietInCallsHelp}
      </small>
      <QuietHoursFields
        value={preferences.quietHours}
        onChange={(quietHours) => onChange({ ...preferences, quietHours })}
      />
    </>
  );
}
