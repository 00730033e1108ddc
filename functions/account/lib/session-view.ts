// What the API shows of a session.
import type { Session } from '../../data/sessions';

export const toSessionView = (s: Session, currentId: string | undefined) => ({
  id: s.id,
  device: s.device,
  address: s.address,
  createdAt: s.createdAt,
  lastSeenAt: s.lastSeenAt,
  twoFactor: s.twoFactor,
  current: s.id === currentId,
});
