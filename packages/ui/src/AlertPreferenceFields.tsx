// The two alert controls (issue 13) shown by the web app's User Settings and the extension's popup: how far from
// the reference counts as a deviation, and how long poor posture lasts before the alert. The values, labels and
// limits are core's (settings/alert-preferences); each host loads and saves them through the API.

export interface AlertPreferenceFieldsProps<S extends string> {
  sensitivity: S;
  /** The choices in order, with the label a user reads. */
  sensitivities: readonly { value: S; label: string }[];
  warningDelaySeconds: number;
  delayRange: { min: number; max: number };
  onChange(change: { sensitivity?: S; warningDelaySeconds?: number }): void;
}

export function AlertPreferenceFields<S extends string>({
  sensitivity,
  sensitivities,
  warningDelaySeconds,
  delayRange,
  onChange,
}: AlertPreferenceFieldsProps<S>) {
  return (
    <>
      <label>
        Sensitivity
        <select
          value={sensitivity}
          onChange={(e) => onChange({ sensitivity: e.target.value as S })}
          data-testid="alert-sensitivity"
        >
          {sensitivities.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Warning delay (seconds, {delayRange.min}–{delayRange.max})
        <input
          type="number"
          min={delayRange.min}
          max={delayRange.max}
          step={1}
          value={warningDelaySeconds}
          onChange={(e) => onChange({ warningDelaySeconds: Number(e.target.value) })}
          data-testid="alert-warning-delay"
        />
      </label>
    </>
  );
}
