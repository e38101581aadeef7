// The Free Tier's time-up modal, rendered with React in a DOM.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/dom.ts';

installDom();
const { createElement } = await import('react');
const { cleanup, fireEvent, render, screen } = await import('@testing-library/react');
const { TimeUpModal } = await import('../../src/live/LiveTool.tsx');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open() {
  const onClose = vi.fn();
  // The messages are in the dialog: a native alert would block the tab.
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  render(createElement(TimeUpModal, { onClose }));
  const input = screen.getByPlaceholderText('you@example.com') as HTMLInputElement;
  const send = screen.getByRole('button', { name: 'Send me the report' });
  return { onClose, alert, input, send };
}

describe('time-up modal', () => {
  it('refuses an empty address or one without @ and stays open', () => {
    const { onClose, alert, input, send } = open();
    fireEvent.click(send);
    fireEvent.change(input, { target: { value: 'lena.example.com' } });
    fireEvent.click(send);
    // The refusal is under the field, tied to it for screen readers.
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(alert).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('confirms a valid address in the dialog and clears the field (no call is made)', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { alert, input, send } = open();
    fireEvent.change(input, { target: { value: 'lena@example.com' } });
    fireEvent.click(send);
    expect(screen.getByRole('status').textContent).toBe('A sample report will be sent to lena@example.com.');
    expect(input.value).toBe('');
    expect(alert).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
