import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RealDropdown from 'react-bootstrap/Dropdown';
import { describe, expect, it, vi } from 'vitest';
import Dropdown from './dropdown';

function Menu({ Component, onPick }: { Component: typeof RealDropdown; onPick?: () => void }) {
  return (
    <Component align="end" className="my-menu">
      <Component.Toggle variant="light" size="sm" aria-label="Change status">
        Status
      </Component.Toggle>
      <Component.Menu>
        <Component.Item as="button" onClick={onPick}>
          Confirmed
        </Component.Item>
      </Component.Menu>
    </Component>
  );
}

/** The markup without the generated ids (React's useId differs between the two trees). */
const markup = (el: Element) => el.outerHTML.replace(/ id="[^"]*"/g, '');

describe('Dropdown (react-bootstrap loaded on first use)', () => {
  it('before its first use it has the markup of react-bootstrap\'s closed menu', () => {
    const { container: ours } = render(<Menu Component={Dropdown} />);
    const { container: theirs } = render(<Menu Component={RealDropdown} />);
    expect(markup(ours.firstElementChild!)).toBe(markup(theirs.firstElementChild!));
    expect(ours.querySelector('.dropdown-menu')).toBeNull();
  });

  it('the first click opens it (its code arriving meanwhile), with the focus kept on the toggle', async () => {
    const user = userEvent.setup({ delay: null });
    const pick = vi.fn();
    render(<Menu Component={Dropdown} onPick={pick} />);
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Change status' })).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('button', { name: 'Change status' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Confirmed' }));
    expect(pick).toHaveBeenCalledOnce();
  });

  it('opens from the keyboard: Enter on the toggle, then Escape closes it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Menu Component={Dropdown} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Change status' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Change status' })).toHaveAttribute('aria-expanded', 'true'));
    expect(screen.getByRole('button', { name: 'Change status' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Change status' })).toHaveAttribute('aria-expanded', 'false');
  });
});
