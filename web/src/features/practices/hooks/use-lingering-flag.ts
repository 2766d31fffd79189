import { useEffect, useState } from 'react';

/**
 * `active`, kept true for `ms` after it turns false: an indicator that stays a moment after the
 * work it shows is done instead of flickering away. False from the start when never active.
 */
export function useLingeringFlag(active: boolean, ms: number): boolean {
  const [lingering, setLingering] = useState(active);
  useEffect(() => {
    if (active) {
      setLingering(true);
      return;
    }
    const timer = setTimeout(() => setLingering(false), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active || lingering;
}
