// The notification bell (spec section 2): shown only with Notifications read. A failed call is only
// logged (the notifications module may not be deployed yet).
import Dropdown from '../../components/dropdown';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/dates';
import { useAccess } from '../../lib/roles';
import { isRegistered } from '../routes';
import { IconToggle } from './icon-toggle';
import { useApi } from '../../lib/swr';
import type { ReplyOf } from '#shared/api-contract';

/** On a phone the list is nearly as wide as the screen: keep the page's margin (0.75rem) on both sides. */
const SCREEN_MARGIN = { modifiers: [{ name: 'preventOverflow', options: { padding: 12 } }] };

export const NOTIFICATIONS_KEY = '/notifications';
export const UNREAD_COUNT_KEY = '/notifications/unread-count';
/** The unread count is one read of a kept counter: cheap enough to poll. */
const UNREAD_POLL_MS = 60_000;

/**
 * The loaded notifications. Its own component, so that nothing of it is built (a date formatted per
 * notification) until the menu opens: the menu renders its children only once it has been shown.
 */
function NotificationList({ items }: { items: ReplyOf<'GET /notifications'> }) {
  return (
    <div className="notification-list">
      {items.length === 0 ? (
        <p className="text-body-secondary text-center small my-4 px-3">You are all caught up.</p>
      ) : (
        items.map((n) => (
          <div key={n.id} className={`notification-item px-3 py-2${n.read ? '' : ' is-unread'}`}>
            <div className="fw-semibold small text-body-emphasis">{n.title}</div>
            <div className="text-body-secondary" style={{ fontSize: '.75rem' }}>
              {formatDate(n.createdAt)}
            </div>
          </div>
        ))
      )}
    </div>
  );
}

function NotificationsDropdown() {
  const options = { shouldRetryOnError: false, onError: (error: unknown) => console.warn('Could not load notifications', error) };
  const { data, mutate } = useApi(NOTIFICATIONS_KEY, options);
  const { data: count, mutate: recount } = useApi(UNREAD_COUNT_KEY, { ...options, refreshInterval: UNREAD_POLL_MS, background: true });
  const items = data ?? []; // GET /notifications answers the array itself
  // The kept counter covers every page; without it, count the unread ones loaded.
  const unread = typeof count?.unread === 'number' ? count.unread : items.filter((n) => !n.read).length;
  const refresh = () => {
    void mutate();
    void recount();
  };
  return (
    <Dropdown align="end" onToggle={(open) => open && refresh()}>
      <Dropdown.Toggle as={IconToggle} id="notifications-toggle" className="position-relative" aria-label={`Notifications, ${unread} unread`} title="Notifications">
        <i className="bi bi-bell fs-5" aria-hidden="true" />
        {unread > 0 && (
          <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger notification-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="notification-menu shadow border-0 p-0" popperConfig={SCREEN_MARGIN}>
        <div className="px-3 py-3 border-bottom d-flex align-items-center justify-content-between">
          <span className="fw-bold">Notifications</span>
          {unread > 0 && <span className="badge bg-primary-subtle text-primary-emphasis">{unread} new</span>}
        </div>
        <NotificationList items={items} />
        {isRegistered(paths.notifications) && (
          <div className="border-top text-center py-2">
            <Dropdown.Item as={Link} to={paths.notifications} className="small fw-semibold text-primary bg-transparent">
              View All <i className="bi bi-arrow-right" aria-hidden="true" />
            </Dropdown.Item>
          </div>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

export function NotificationsMenu() {
  const canAccess = useAccess();
  if (!canAccess({ module: 'Notifications', action: 'read' })) return null;
  return <NotificationsDropdown />;
}
