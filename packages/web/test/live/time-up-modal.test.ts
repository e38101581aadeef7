// The Free Tier's time-up modal (document 2, section 5.1), rendered with React in a DOM.
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
    expect(alert.mock.calls).toEqual([
      ['Please enter a valid email address'],
      ['Please enter a valid email address'],
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('confirms a valid address, clears the field and closes (no call is made)', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { onClose, alert, input, send } = open();
    fireEvent.change(input, { target: { value: 'lena@example.com' } });
    fireEvent.click(send);
    expect(alert).toHaveBeenCalledWith('A sample report will be sent to lena@example.com.');
    expect(input.value).toBe('');
    expect(onClose).toHaveBeenCalledOnce();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
