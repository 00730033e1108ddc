// The four states of a list card's body.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { ListBody } from './list-body';

const props = { loadingLabel: 'Loading forms...', errorText: 'The forms could not be loaded.', emptyText: 'No forms yet.' };

describe('ListBody', () => {
  it('shows the loading label, then the list', () => {
    const { rerender } = render(<ListBody {...props} loading empty={false}><table aria-label="Forms" /></ListBody>);
    expect(screen.getByText('Loading forms...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    rerender(<ListBody {...props} loading={false} empty={false}><table aria-label="Forms" /></ListBody>);
    expect(screen.getByRole('table', { name: 'Forms' })).toBeInTheDocument();
  });

  it("shows the server's message or the fallback, with Try again when the list can reload", async () => {
    const retry = vi.fn();
    const { rerender } = render(<ListBody {...props} loading={false} error={new ApiError({ responseCode: 503, success: false, data: { message: 'Server down' }, message: 'Server down' })} onRetry={retry} empty={false}>x</ListBody>);
    expect(screen.getByRole('alert')).toHaveTextContent('Server down Try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    rerender(<ListBody {...props} loading={false} error={new ApiError({ responseCode: 500, success: false, data: { message: '' }, message: '' })} empty={false}>x</ListBody>);
    expect(screen.getByRole('alert')).toHaveTextContent(/^The forms could not be loaded\.$/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    // An unreachable server (fetch throws): the fallback, never the browser's own words.
    rerender(<ListBody {...props} loading={false} error={new TypeError('Failed to fetch')} empty={false}>x</ListBody>);
    expect(screen.getByRole('alert')).toHaveTextContent(/^The forms could not be loaded\.$/);
  });

  it('says so when the list is empty', () => {
    render(<ListBody {...props} loading={false} empty><table /></ListBody>);
    expect(screen.getByText('No forms yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
