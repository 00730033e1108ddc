// The dialogs' Tab wrap-around (keepTabInside): from the last control to the first and back; Tab in
// the middle is left to the browser. (The dialogs themselves are checked in a browser by the e2e
// keyboard flows: test/e2e/keyboard-flows.test.ts.)
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepTabInside, tabbable } from './modal';

// jsdom lays nothing out; a browser gives every shown control a box.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return (this.closest('[hidden]') ? [] : [{}]) as unknown as DOMRectList;
  });
});
afterEach(() => vi.restoreAllMocks());

function Box() {
  return (
    // A dialog element: the keydown handler of a dialog's box (Bootstrap's is a div with role dialog).
    <dialog open aria-label="Delete form" onKeyDown={keepTabInside}>
      <button type="button">Close</button>
      <input aria-label="Reason" />
      <input type="hidden" />
      <button type="button" hidden>
        Hidden
      </button>
      <button type="button" disabled>
        Disabled
      </button>
      <button type="button">Delete</button>
    </dialog>
  );
}

describe('keepTabInside', () => {
  it('lists the controls Tab reaches: not hidden, disabled or hidden inputs', () => {
    render(<Box />);
    expect(tabbable(screen.getByRole('dialog')).map((el) => el.getAttribute('aria-label') ?? el.textContent)).toEqual(['Close', 'Reason', 'Delete']);
  });

  it('Tab on the last control focuses the first, Shift+Tab on the first focuses the last', () => {
    render(<Box />);
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Delete' });
    last.focus();
    expect(fireEvent.keyDown(last, { key: 'Tab' })).toBe(false);
    expect(close).toHaveFocus();
    expect(fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(last).toHaveFocus();
  });

  it('leaves Tab in the middle, and other keys, to the browser', () => {
    render(<Box />);
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    reason.focus();
    expect(fireEvent.keyDown(reason, { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(reason, { key: 'Tab', shiftKey: true })).toBe(true);
    const last = screen.getByRole('button', { name: 'Delete' });
    last.focus();
    expect(fireEvent.keyDown(last, { key: 'Enter' })).toBe(true);
    expect(last).toHaveFocus();
  });
});
