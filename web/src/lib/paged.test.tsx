// usePaged: every page loaded so far (Load more), one page at a time (Previous/Next), and a new query
// starting again at page 1, with the query each page asks for (GET /sms stands for any paged list).
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '../testing/render';
import { usePaged } from './paged';
import { saveToken } from './session';

const PAGES: Record<string, { items: { id: string }[]; nextCursor?: string }> = {
  '': { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'C2' },
  C2: { items: [{ id: 'c' }, { id: 'd' }], nextCursor: 'C3' },
  C3: { items: [{ id: 'e' }] },
};

function Things() {
  const [kind, setKind] = useState('all');
  const list = usePaged('/sms', { pageSize: 2, params: { kind, empty: '', off: false } });
  return (
    <>
      <p>items {list.items.map((i) => i.id).join(',')}</p>
      <p>
        page {list.pageNumber}: {list.page.map((i) => i.id).join(',')}
      </p>
      <button type="button" disabled={!list.hasMore} onClick={() => void list.loadMore()}>
        Next
      </button>
      <button type="button" disabled={!list.hasPrevious} onClick={() => void list.previous()}>
        Previous
      </button>
      <button type="button" onClick={() => setKind('other')}>
        Other kind
      </button>
    </>
  );
}

function setup() {
  saveToken('token');
  const asked: URLSearchParams[] = [];
  mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u', email: 'me@example.com' } } },
    'GET /api/sms': (_body, url) => {
      asked.push(url.searchParams);
      const page = url.searchParams.get('kind') === 'other' ? { items: [{ id: 'z' }] } : PAGES[url.searchParams.get('cursor') ?? ''];
      return { status: 200, body: { message: 'OK', data: page } };
    },
  });
  return { ...renderAt(<Things />, '/things'), asked };
}

describe('usePaged', () => {
  it('follows the cursor page by page, keeps the pages seen, goes back without asking, and starts again for a new query', async () => {
    const { user, asked } = setup();
    expect(await screen.findByText('page 1: a,b')).toBeInTheDocument();
    // The size, and the filters that are set; empty ones are left out.
    expect(Object.fromEntries(asked[0]!)).toEqual({ limit: '2', kind: 'all' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('page 2: c,d')).toBeInTheDocument();
    expect(screen.getByText('items a,b,c,d')).toBeInTheDocument();
    expect(asked.some((q) => q.get('cursor') === 'C2')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('page 3: e')).toBeInTheDocument();
    // The last page has no cursor: nothing more.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    const before = asked.filter((q) => q.get('cursor')).length;
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('page 2: c,d')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    // Page 2 came from the cache (swr asks page 1 again, never a cursor's page).
    expect(asked.filter((q) => q.get('cursor')).length).toBe(before);

    await user.click(screen.getByRole('button', { name: 'Other kind' }));
    expect(await screen.findByText('page 1: z')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ limit: '2', kind: 'other' });
  });
});
