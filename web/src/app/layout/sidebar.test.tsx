// The sidebar's minimize (Layout Builder: minimize, hoverable, default minimized) and the roles
// status under the menu (issue 18, items 2 and 3).
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rolesState, WithRoles } from '../../testing/render';
import { Sidebar } from './sidebar';
import { SIDEBAR_STATE_KEY, useSidebarMinimized } from './use-sidebar-minimized';

afterEach(() => localStorage.clear());

describe('useSidebarMinimized', () => {
  it('starts from the default, remembers the choice across reloads, and a new default starts again', () => {
    const first = renderHook(({ enabled, byDefault }) => useSidebarMinimized(enabled, byDefault), { initialProps: { enabled: true, byDefault: false } });
    expect(first.result.current[0]).toBe(false);
    act(() => first.result.current[1]());
    expect(first.result.current[0]).toBe(true);
    expect(localStorage.getItem(SIDEBAR_STATE_KEY)).toBe('on');
    first.unmount();

    // A reload: the saved choice wins over the default.
    const again = renderHook(({ enabled, byDefault }) => useSidebarMinimized(enabled, byDefault), { initialProps: { enabled: true, byDefault: false } });
    expect(again.result.current[0]).toBe(true);
    // The Layout Builder changes the default: that is the new start.
    again.rerender({ enabled: true, byDefault: true });
    expect(again.result.current[0]).toBe(true);
    expect(localStorage.getItem(SIDEBAR_STATE_KEY)).toBeNull();
    again.rerender({ enabled: false, byDefault: true });
    expect(again.result.current[0]).toBe(false);
  });
});

function renderSidebar(minimized: boolean, onToggle = vi.fn(), roles = rolesState({ isOwner: true })) {
  return render(
    <MemoryRouter>
      <WithRoles value={roles}>
        <Sidebar minimized={minimized} canMinimize onToggleMinimize={onToggle} />
      </WithRoles>
    </MemoryRouter>,
  );
}

describe('Sidebar', () => {
  it('minimizing releases the focus and pauses the hover-open until the pointer leaves', async () => {
    const toggle = vi.fn();
    const { container } = renderSidebar(false, toggle);
    const button = screen.getByRole('button', { name: 'Minimize sidebar' });
    await userEvent.click(button);
    expect(toggle).toHaveBeenCalledOnce();
    expect(button).not.toHaveFocus();
    const panel = container.querySelector('.app-sidebar-panel')!;
    expect(panel).toHaveClass('hover-paused');
    await userEvent.unhover(panel);
    expect(panel).not.toHaveClass('hover-paused');
  });

  it("when the roles call failed, says so under the menu with Retry", async () => {
    const retry = vi.fn();
    renderSidebar(false, vi.fn(), rolesState({ error: 'Failed to fetch roles', retry }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch roles');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
