// What one alert does, by the user's alert style (core's settings/alert-preferences.ts): whether a desktop
// notification comes, whether the extension's own sound plays with it, and whether the toolbar badge turns to the
// alert. Every style says the same text: what to do about the issue seen.
import {
  ALERT_STYLE_CHANNELS,
  type AlertStyle,
  type PostureIssue,
  postureAlertText,
  SITTING_MESSAGES,
} from '@posture-vision/core';

export interface AlertAction {
  /** What the alert says: the issue's advice ("Chin back: your head is forward."). */
  text: string;
  notification: boolean;
  sound: boolean;
  /** The toolbar badge shows the alert (ALERT_BADGE_TEXT, with the text as its title) until posture is good. */
  badge: boolean;
}

/** The badge's text while an alert stands: short enough for the toolbar's four characters, an instruction. */
export const ALERT_BADGE_TEXT = 'SIT';

export function alertAction(style: AlertStyle, issue: PostureIssue | null): AlertAction {
  return { text: postureAlertText(issue), ...ALERT_STYLE_CHANNELS[style] };
}

/** What the stand-up reminder does, by the same channels as a posture alert: the notification styles notify (the
 * sound style with its sound), every style but none marks the badge; with none the popup's figures go on alone. */
export interface StandUpAction {
  /** How long the person has been sitting, in whole minutes, as the reminder says. */
  text: string;
  notification: boolean;
  sound: boolean;
  /** The toolbar badge shows STAND_UP_BADGE_TEXT (the text as its title) until a break or a snooze. */
  badge: boolean;
}

/** The badge's text while a stand-up reminder stands: an instruction, within the toolbar's four characters. */
export const STAND_UP_BADGE_TEXT = 'UP';

export function standUpAction(style: AlertStyle, sittingMs: number): StandUpAction {
  return {
    text: SITTING_MESSAGES.standUpText(Math.floor(sittingMs / 60_000)),
    ...ALERT_STYLE_CHANNELS[style],
  };
}
