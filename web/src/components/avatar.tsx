import { useState } from 'react';
import { assetUrl } from '../lib/assets';

/** Shown when there is no picture or it fails to load. */
export const AVATAR_PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#E4E6EF"/><circle cx="32" cy="25" r="11" fill="#A1A5B7"/><path d="M12 56c2-11 10-17 20-17s18 6 20 17" fill="#A1A5B7"/></svg>',
  );

interface AvatarProps {
  /** A key below the asset base, or a full URL (e.g. a local preview). */
  src?: string | null;
  size?: number;
  alt: string;
  className?: string;
}

export function Avatar({ src, size = 40, alt, className }: AvatarProps) {
  const url = assetUrl(src ?? undefined);
  // The picture that failed to load: a new one is tried again.
  const [failedUrl, setFailedUrl] = useState<string>();
  return (
    <img
      src={!url || failedUrl === url ? AVATAR_PLACEHOLDER : url}
      onError={() => setFailedUrl(url)}
      width={size}
      height={size}
      alt={alt}
      className={`rounded-3 object-fit-cover flex-shrink-0 ${className ?? ''}`}
      style={{ width: size, height: size }}
    />
  );
}
