// The popup's desk days (today's and the last 7 days' figures, GET /analytics/desk-days) as written: the share as
// the web app's analytics write their Good Posture Percentage, the sitting time as the popup's other durations.
import { DESK_DAYS_TEXTS, type DeskDays, indicatorValue } from '@posture-vision/core';
import { formatMonitoredTime } from './daily-stats';

export type DeskFiguresAnswer = DeskDays['today'];

/** The start of the popup's today, its local midnight (the API knows no time zone). */
export function localMidnight(now: number): Date {
  return new Date(new Date(now).setHours(0, 0, 0, 0));
}

/** '50.0%', as the analytics screen's Good Posture Percentage; none without monitored time. */
export function goodShareText(figures: DeskFiguresAnswer): string {
  return figures.goodPosturePercentage === null
    ? DESK_DAYS_TEXTS.noPosture
    : indicatorValue(figures.goodPosturePercentage, 'goodPosturePercentage');
}

/** '1 h 05 min' (whole minutes, formatMonitoredTime); not seen when no session said who was in view. */
export function sittingText(figures: DeskFiguresAnswer): string {
  return figures.sittingTime === null
    ? DESK_DAYS_TEXTS.notSeen
    : formatMonitoredTime(figures.sittingTime * 1000);
}
