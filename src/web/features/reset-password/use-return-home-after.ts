import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clock } from '../../lib/clock';

/** After a successful reset step the user returns to the home route (docs/product/reset-password.md#request). */
export const RETURN_HOME_DELAY_MS = 5000;

/** While `active`, goes to `/` after five seconds, first running `beforeLeaving` (clear the form and message). */
export function useReturnHomeAfter(active: boolean, beforeLeaving: () => void): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return undefined;
    const timer = clock.setTimeout(() => {
      beforeLeaving();
      navigate('/', { replace: true });
    }, RETURN_HOME_DELAY_MS);
    return () => clock.clearTimeout(timer);
  }, [active, beforeLeaving, navigate]);
}
