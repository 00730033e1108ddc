// The list card: a skeleton with the table's header and cells while loading, the rows, the empty text,
// the error with Try again, and Load more or Previous/Next.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACTIONS, ListCard, PagerFooter } from './list-card';

const card = (list: Parameters<typeof ListCard>[0]['list'], rows = 1) => (
  <ListCard titleId="forms-title" title="Forms" noun="forms" list={list} empty={rows === 0} emptyText="No forms yet." columns={['Name', 'Fields', false, ACTIONS]}>
    {Array.from({ length: rows }, (_, i) => (
      <tr key={i}>
        <td>Form {i}</td>
        <td>{i}</td>
        <td>
          <button type="button">Edit</button>
        </td>
      </tr>
    ))}
  </ListCard>
);

describe('ListCard', () => {
  it('while loading, says so and shows placeholder rows with the columns shown (no table for assistive technology yet)', () => {
    const { container } = render(card({ isLoading: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading forms...');
    expect(screen.queryByRole('table')).toBeNull();
    // Three rows of three cells: a false column is left out.
    expect(container.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(container.querySelectorAll('tbody td')).toHaveLength(9);
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'Fields', 'Actions']);
  });

  it('shows the rows under the headers, with Load more when there is more', async () => {
    const loadMore = vi.fn();
    render(card({ isLoading: false, hasMore: true, loadMore }, 2));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Fields', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Forms' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(loadMore).toHaveBeenCalledOnce();
  });

  it('shows the empty text, and the error with Try again', async () => {
    const { rerender } = render(card({ isLoading: false }, 0));
    expect(screen.getByText('No forms yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const reload = vi.fn();
    rerender(card({ isLoading: false, error: new TypeError('Failed to fetch'), reload }, 0));
    expect(screen.getByRole('alert')).toHaveTextContent('The forms could not be loaded. Try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('PagerFooter', () => {
  it('goes back and forth, each button only when there is a page there', async () => {
    const list = { pageNumber: 2, hasPrevious: true, hasMore: false, previous: vi.fn(), loadMore: vi.fn() };
    render(<PagerFooter list={list} showPage pages={2} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(list.previous).toHaveBeenCalledOnce();
  });
});
