// The Free Tier's time-up modal, rendered with React in a DOM: the demo's summary, the address, and what became
// of the sample report (the API call is the send function the dialog is given).
import type { SampleReportRequest } from '@posture-vision/core';
import { ApiError, NetworkError } from '@posture-vision/core/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/dom.ts';

installDom();
const { createElement } = await import('react');
const { cleanup, fireEvent, render, screen, waitFor } = await import('@testing-library/react');
const { TimeUpModal } = await import('../../src/live/TimeUpModal.tsx');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SUMMARY = { goodSeconds: 61, poorSeconds: 30, notJudgedSeconds: 29, issues: { forward_head: 2 } };

function open(send: (request: SampleReportRequest) => Promise<unknown> = async () => ({ success: true })) {
  const onClose = vi.fn();
  const sent: SampleReportRequest[] = [];
  // The messages are in the dialog: a native alert would block the tab.
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  render(
    createElement(TimeUpModal, {
      onClose,
      summary: SUMMARY,
      send: (request) => {
        sent.push(request);
        return send(request);
      },
    }),
  );
  const input = screen.getByPlaceholderText('you@example.com') as HTMLInputElement;
  const button = screen.getByRole('button', { name: 'Send me the report' });
  return { onClose, alert, input, button, sent };
}

const lines = () =>
  screen.getAllByTestId('demo-summary-line').map((line) => line.textContent?.replace(/\s+/g, ' '));

describe('time-up modal', () => {
  it('shows the demo summary the sample report mails', () => {
    open();
    expect(lines()).toEqual([
      'Time in the demo2m 0s',
      'Good posture51% (1m 1s)',
      'Poor posture25% (0m 30s)',
      'Not judged24% (0m 29s)',
      'Forward head2 times',
    ]);
  });

  it('refuses an empty address or one without @, stays open and sends nothing', () => {
    const { onClose, alert, input, button, sent } = open();
    fireEvent.click(button);
    fireEvent.change(input, { target: { value: 'lena.example.com' } });
    fireEvent.click(button);
    // The refusal is under the field, tied to it for screen readers.
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(alert).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('sends the address and the summary, then confirms in the dialog and clears the field', async () => {
    let answer: () => void = () => undefined;
    const { alert, input, button, sent } = open(() => new Promise((resolve) => (answer = () => resolve({}))));
    fireEvent.change(input, { target: { value: ' lena@example.com ' } });
    fireEvent.click(button);
    expect(sent).toEqual([{ email: 'lena@example.com', summary: SUMMARY }]);
    // Not confirmed before the API answered.
    expect(screen.getByRole('status').textContent).toBe('Sending the sample report...');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'A sample report will be sent to lena@example.com.',
      ),
    );
    expect(input.value).toBe('');
    expect(alert).not.toHaveBeenCalled();
  });

  it('says in words why the report was not sent, and keeps the address to try again', async () => {
    const body = {
      success: false,
      error: { message: 'The mail service is not available right now. Please try again later.', details: [] },
    };
    const { input, button } = open(async () => {
      throw new ApiError('API Error', 503, body);
    });
    fireEvent.change(input, { target: { value: 'lena@example.com' } });
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The sample report could not be sent: The mail service is not available right now. Please try again later.',
      ),
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(input.value).toBe('lena@example.com');
  });

  it('says so when the server cannot be reached', async () => {
    const { input, button } = open(async () => {
      throw new NetworkError('Failed to fetch');
    });
    fireEvent.change(input, { target: { value: 'lena@example.com' } });
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /^The sample report could not be sent: Could not reach the Posture Vision server: Failed to fetch\./,
      ),
    );
  });
});
