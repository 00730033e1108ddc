// usePaged: every page loaded so far (Load more), one page at a time (Previous/Next), and a new query
// starting again at page 1, with the query each page asks for (GET /logs stands for any paged list),
// and the filters typed by the route's query.
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { mockApi, renderAt } from '../testing/render';
import { pageQuery, usePaged, type FiltersOf } from './paged';
import type { QueryOf } from '#shared/api-contract';
import { saveToken } from './session';

const PAGES: Record<string, { items: { id: string }[]; nextCursor?: string }> = {
  '': { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'C2' },
  C2: { items: [{ id: 'c' }, { id: 'd' }], nextCursor: 'C3' },
  C3: { items: [{ id: 'e' }] },
};

function Things() {
  const [kind, setKind] = useState('Members');
  // An empty filter (`to`) is no value: it is left out.
  const list = usePaged('/logs', { pageSize: 2, query: { module: kind, to: '' } });
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
      <button type="button" onClick={() => setKind('Services')}>
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
    'GET /api/logs': (_body, url) => {
      asked.push(url.searchParams);
      const page = url.searchParams.get('module') === 'Services' ? { items: [{ id: 'z' }] } : PAGES[url.searchParams.get('cursor') ?? ''];
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
    expect(Object.fromEntries(asked[0])).toEqual({ limit: '2', module: 'Members' });

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
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ limit: '2', module: 'Services' });
  });

  it("puts a page's size, number and cursor first, and its filters cannot change them", () => {
    const query = pageQuery({ pageSize: 10, sizeParam: 'pageSize', numbered: true, query: { search: 'ann', pageSize: 99, cursor: 'X' } }, 'C', 3);
    expect(Object.entries(query).filter(([, v]) => v !== undefined)).toEqual([
      ['pageSize', 10],
      ['pageNumber', 3],
      ['cursor', 'C'],
      ['search', 'ann'],
    ]);
    // No size (the endpoint's own), no number, no cursor: only the filters.
    expect(Object.entries(pageQuery({ pageSize: null, query: { search: 'x' } })).filter(([, v]) => v !== undefined)).toEqual([['search', 'x']]);
  });

  // Compile-time checks (tsc reads them; the hooks are never called): a list's filters are its route's
  // query less the paging values, and a filter, size or cursor name it does not take does not compile.
  it("types a list's filters by its route's query", () => {
    const useLists = () => {
      expectTypeOf<FiltersOf<QueryOf<'GET /logs'>>>().toEqualTypeOf<{ module?: string; userId?: string; from?: string; to?: string }>();
      usePaged('/appointments', { sizeParam: 'pageSize', numbered: true, query: { active: true, search: 'ann' } });
      // @ts-expect-error GET /logs has no `search`
      usePaged('/logs', { query: { search: 'x' } });
      // @ts-expect-error `active` is a boolean, not a string
      usePaged('/appointments', { query: { active: 'yes' } });
      // @ts-expect-error the cursor is the hook's own, not a filter
      usePaged('/logs', { query: { cursor: 'C' } });
      // @ts-expect-error GET /logs names its size `limit`
      usePaged('/logs', { sizeParam: 'pageSize' });
      // @ts-expect-error GET /logs has no page number
      usePaged('/logs', { numbered: true });
    };
    expect(useLists).toBeTypeOf('function');
  });
});
