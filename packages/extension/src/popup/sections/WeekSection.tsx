import { DESK_DAYS_TEXTS, type DeskDays, failureText } from '@posture-vision/core';
import { useEffect, useState } from 'react';
import { type DeskFiguresAnswer, goodShareText, localMidnight, sittingText } from '../../rules/desk-days';
import { popupApi as api } from '../popup-api';

/** How often the figures are asked again while the popup stays open. */
export const DESK_DAYS_REFRESH_MS = 60_000;

/**
 * Today's and the last 7 days' good posture and sitting time, from the API (GET /analytics/desk-days, on the
 * extension's account): the sessions' stored figures by core's analytics rules (deskFigures), so the share is the
 * one the web app's analytics show for the last 7 days. Not-judged time is never good or poor.
 */
export function WeekSection({ signedIn }: { signedIn: boolean }) {
  const [days, setDays] = useState<DeskDays | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    const load = () =>
      api.sessions
        .deskDays(localMidnight(Date.now()))
        .then((answer) => {
          if (!live) return;
          if (answer.data) {
            setDays(answer.data);
            setError(null);
          } else setError(answer.message ?? DESK_DAYS_TEXTS.unavailable);
        })
        .catch((e) => live && setError(failureText(e)));
    void load();
    const timer = setInterval(load, DESK_DAYS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [signedIn]);
  if (!signedIn) return null;
  const cell = (text: (f: DeskFiguresAnswer) => string, which: keyof DeskDays) =>
    days ? text(days[which]) : error ? DESK_DAYS_TEXTS.none : DESK_DAYS_TEXTS.loading;
  return (
    <section className="popup-section popup-week" aria-label={DESK_DAYS_TEXTS.label} data-testid="week">
      <h2 className="popup-week-title">{DESK_DAYS_TEXTS.label}</h2>
      <table>
        <thead>
          <tr>
            <td />
            <th scope="col">{DESK_DAYS_TEXTS.today}</th>
            <th scope="col">{DESK_DAYS_TEXTS.last7Days}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{DESK_DAYS_TEXTS.goodPosture}</th>
            <td data-testid="week-good-today">{cell(goodShareText, 'today')}</td>
            <td data-testid="week-good-7d">{cell(goodShareText, 'last7Days')}</td>
          </tr>
          <tr>
            <th scope="row">{DESK_DAYS_TEXTS.sitting}</th>
            <td data-testid="week-sitting-today">{cell(sittingText, 'today')}</td>
            <td data-testid="week-sitting-7d">{cell(sittingText, 'last7Days')}</td>
          </tr>
        </tbody>
      </table>
      {error ? (
        <p className="popup-week-note ui-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="popup-week-note">{DESK_DAYS_TEXTS.note}</p>
      )}
    </section>
  );
}
