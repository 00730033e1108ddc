import type { ButtonHTMLAttributes, Ref } from 'react';

/** A round icon button used as a dropdown trigger in the header (no caret). */
export function IconToggle({ ref, className, children, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button ref={ref} type="button" {...props} className={`btn btn-icon header-btn ${className ?? ''}`.replace('dropdown-toggle', '')}>
      {children}
    </button>
  );
}
