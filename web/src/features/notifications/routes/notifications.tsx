// /notification (Notifications read): the member's notifications, all or unread only, newest first;
// mark as read, open what one leads to, delete.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { Busy, Loading } from '../../../components/loading';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useRegistry } from '../../../lib/registry';
import { deleteNotification, markAsRead, useNotificationPages, useRefreshBell, type NotificationView } from '../api/notifications';
import { failureText } from '../../../lib/api';

export function NotificationsPage() {
  usePageTitle('Notifications', [{ title: 'Notifications' }]);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { items, error, isLoading, hasMore, isLoadingMore, loadMore, reload } = useNotificationPages(unreadOnly);
  const refreshBell = useRefreshBell();
  const { isRegistered } = useRegistry();
  const [busy, setBusy] = useState<string>();

  const act = async (n: NotificationView, action: 'read' | 'delete') => {
    setBusy(`${action}-${n.id}`);
    try {
      const result = action === 'read' ? await markAsRead(n.id) : await deleteNotification(n.id);
      if (!result.success) notify.error(result.message || 'That did not work. Please try again.');
      else if (action === 'delete') notify.success(result.message || 'The notification is deleted.');
      await reload();
      refreshBell();
    } catch {
      notify.error('That did not work. Please check your connection.');
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="notifications-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h2 id="notifications-title" className="h6 fw-bold mb-0">
          Notifications
        </h2>
        <div className="btn-group btn-group-sm" role="group" aria-label="Show">
          <button type="button" className={`btn ${unreadOnly ? 'btn-light' : 'btn-primary'}`} aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)}>
            All
          </button>
          <button type="button" className={`btn ${unreadOnly ? 'btn-primary' : 'btn-light'}`} aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)}>
            Unread
          </button>
        </div>
      </div>
      <div className="card-body p-0">
        {isLoading ? (
          <Loading label="Loading notifications..." showLabel />
        ) : error ? (
          <div className="alert alert-danger m-3" role="alert">
            {failureText(error, 'The notifications could not be loaded.')}{' '}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-body-secondary text-center my-5">{unreadOnly ? 'You are all caught up.' : 'No notifications yet.'}</p>
        ) : (
          <ul className="list-group list-group-flush">
            {items.map((n) => (
              <li key={n.id} className={`list-group-item d-flex flex-wrap gap-3 align-items-start py-3 px-3 px-sm-4${n.read ? '' : ' notification-unread'}`}>
                <i className={`bi ${n.read ? 'bi-bell text-body-tertiary' : 'bi-bell-fill text-primary'} mt-1`} aria-hidden="true" />
                <div className="flex-grow-1 min-w-0" style={{ flexBasis: '12rem' }}>
                  <div className={`text-body-emphasis ${n.read ? '' : 'fw-bold'}`}>
                    {n.title}
                    {!n.read && <span className="visually-hidden"> (unread)</span>}
                  </div>
                  <div className="small text-body-secondary">{n.message}</div>
                  <div className="small text-body-tertiary mt-1">{formatDate(n.createdAt)}</div>
                </div>
                <div className="d-flex gap-1 flex-shrink-0 ms-auto">
                  {n.link && isRegistered(n.link) && (
                    <Link to={n.link} className="btn btn-sm btn-light" onClick={() => !n.read && void act(n, 'read')}>
                      Open
                    </Link>
                  )}
                  {!n.read && (
                    <button type="button" className="btn btn-sm btn-light" onClick={() => act(n, 'read')} disabled={busy !== undefined} aria-label={`Mark as read: ${n.title}`}>
                      {busy === `read-${n.id}` ? <Busy>...</Busy> : 'Mark as read'}
                    </button>
                  )}
                  <button type="button" className="btn btn-sm btn-light text-danger" onClick={() => act(n, 'delete')} disabled={busy !== undefined} aria-label={`Delete "${n.title}"`}>
                    <i className="bi bi-trash" aria-hidden="true" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <LoadMoreFooter hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} />
    </section>
  );
}

export { NotificationsPage as Component };
