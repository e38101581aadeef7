// The alert preferences' request and answer, written once for the API and its clients.
import { envelope, z } from '../http/schema';
import { STAND_UP_MINUTE_CHOICES, STAND_UP_MINUTES } from '../sessions/sitting';
import {
  ALERT_STYLES,
  BATTERY_MODES,
  SENSITIVITIES,
  TIME_OF_DAY,
  WARNING_DELAY_S,
} from './alert-preferences';

const quietHoursLimit = 'quietHours start and end must be times of day, HH:MM (00:00-23:59).';

const standUpLimit = `standUpMinutes must be null (off) or ${STAND_UP_MINUTES.min}-${STAND_UP_MINUTES.max} in steps of ${STAND_UP_MINUTES.step}.`;

/**
 * The alert controls: the API is their one owner, the web app and the extension read and write them there.
 * Unlike the stored-value reader (normalizeAlertPreferences, which repairs old values), a typed value out of
 * range is refused, so a client never believes it saved what it did not.
 */
export const alertPreferencesRequest = z.object({
  sensitivity: z.enum(SENSITIVITIES, {
    error: `sensitivity must be one of ${SENSITIVITIES.join(', ')}.`,
  }),
  warningDelaySeconds: z
    .number({ error: 'warningDelaySeconds must be a number of seconds.' })
    .int('warningDelaySeconds must be whole seconds.')
    .min(WARNING_DELAY_S.min, `warningDelaySeconds must be ${WARNING_DELAY_S.min}-${WARNING_DELAY_S.max}.`)
    .max(WARNING_DELAY_S.max, `warningDelaySeconds must be ${WARNING_DELAY_S.min}-${WARNING_DELAY_S.max}.`),
  /** Optional in a save, so a client that does not know it yet (an extension not updated) keeps the stored one. */
  alertStyle: z
    .enum(ALERT_STYLES, { error: `alertStyle must be one of ${ALERT_STYLES.join(', ')}.` })
    .optional(),
  /** The stand-up reminder's sitting stretch in minutes, null when off; optional in a save as the style is. */
  standUpMinutes: z
    .number({ error: standUpLimit })
    .int(standUpLimit)
    .refine((m) => STAND_UP_MINUTE_CHOICES.includes(m), standUpLimit)
    .nullable()
    .optional(),
  /** What monitoring does on battery; optional in a save as the style is. */
  batteryMode: z
    .enum(BATTERY_MODES, { error: `batteryMode must be one of ${BATTERY_MODES.join(', ')}.` })
    .optional(),
  /** Alerts held while a call app's tab is in a meeting (the extension sees such tabs); optional as the style is. */
  quietInCalls: z.boolean({ error: 'quietInCalls must be true or false.' }).optional(),
  /** Alerts held every day from start until end (local "HH:MM", across midnight when end comes first); null: off. */
  quietHours: z
    .object({
      start: z.string().regex(TIME_OF_DAY, quietHoursLimit),
      end: z.string().regex(TIME_OF_DAY, quietHoursLimit),
    })
    .refine((h) => h.start !== h.end, 'quietHours must end at another time than it starts.')
    .nullable()
    .optional(),
});

/** The stored preferences: every field, the style and the stand-up reminder included. */
export const alertPreferencesData = alertPreferencesRequest.required();

export const alertPreferencesResponse = envelope(alertPreferencesData);

/** The user's alert controls, as the API stores and answers them. */
export type AlertPreferences = z.infer<typeof alertPreferencesData>;
