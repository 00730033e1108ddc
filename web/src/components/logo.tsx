import { useId } from 'react';

/** The brand mark: a rounded square with a medical cross, drawn inline (no image request). */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  // Unique per instance: a gradient inside a hidden copy (e.g. the desktop sidebar on mobile) would not paint.
  const gradient = `logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" className={className} focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#50CD89" />
          <stop offset="1" stopColor="#0E8A5F" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gradient})`} />
      <path d="M20 11h8v9h9v8h-9v9h-8v-9h-9v-8h9z" fill="#fff" />
    </svg>
  );
}
