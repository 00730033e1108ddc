// The "Load more" footer under a cursor-paged card list; renders nothing when there is no next page.
import { Busy } from './loading';

export function LoadMoreFooter({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => unknown }) {
  if (!hasMore) return null;
  return (
    <div className="card-footer bg-transparent text-center py-3">
      <button type="button" className="btn btn-light" onClick={() => void onLoadMore()} disabled={loading}>
        {loading ? <Busy>Loading...</Busy> : 'Load more'}
      </button>
    </div>
  );
}
