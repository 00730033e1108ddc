// /notification (Notifications read): the member's notifications, all or unread only, newest first;
// mark as read, open what one leads to, delete.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListCard } from '../../../components/list-card';
import { Busy } from '../../../components/loading';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useRegistry } from '../../../lib/registry';
import { deleteNotification, markAsRead, useNotificationPages, useRefreshBell, type NotificationView } from '../api/notifications';

export function NotificationsPage() {
  usePageTitle('Notifications', [{ title: 'Notifications' }]);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationPages(unreadOnly);
  const { items, reload } = list;
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
    <ListCard
      titleId="notifications-title"
      title="Notifications"
      actions={
        <div className="btn-group btn-group-sm" role="group" aria-label="Show">
          <button type="button" className={`btn ${unreadOnly ? 'btn-light' : 'btn-primary'}`} aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)}>
            All
          </button>
          <button type="button" className={`btn ${unreadOnly ? 'btn-primary' : 'btn-light'}`} aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)}>
            Unread
          </button>
        </div>
      }
      list={list}
      noun="notifications"
      empty={items.length === 0}
      emptyText={unreadOnly ? 'You are all caught up.' : 'No notifications yet.'}
    >
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
    </ListCard>
  );
}

export { NotificationsPage as Component };
