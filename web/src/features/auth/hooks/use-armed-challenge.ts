// The connection check POST /users/register-email is sent with (solved in the background, issue 28).
import { useEffect, useState } from 'react';
import { useChallenge } from '../../../lib/challenge';

/**
 * It starts when the person first types in a field, not on every visit of the sign-in screen (whose
 * first paint, in index.html, it leaves as it is); a submit before that starts it and waits.
 */
export function useArmedChallenge() {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const arm = () => setArmed(true);
    // The first keystroke (or autofill) in any field; the email field has the focus from the start.
    document.addEventListener('input', arm, { once: true });
    return () => document.removeEventListener('input', arm);
  }, []);
  return useChallenge('sign-up', armed ? '' : undefined);
}
