import { useEffect, useState } from 'react';
import type { TPublicConfig } from '../../../lib/api/public-config.ts';
import { useServices } from '../../../lib/services.tsx';

/** The actions service's public settings once known (null until then, or when they cannot be had). */
export function usePublicConfig(): TPublicConfig | null {
  const { publicConfig } = useServices();
  const [config, setConfig] = useState<TPublicConfig | null>(null);
  useEffect(() => {
    let live = true;
    void publicConfig.load().then((loaded) => {
      if (live) setConfig(loaded);
    });
    return () => {
      live = false;
    };
  }, [publicConfig]);
  return config;
}
