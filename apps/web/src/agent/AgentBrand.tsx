import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useBrandSwitch } from '../config/brandSwitch.ts';
import { fetchProfile } from './agentApi.ts';

/**
 * An agent sees the portal in the design of the brand they work for: once their profile is in,
 * a different brand than the page's is switched to (an agent of hfk sees hfk).
 */
export function AgentBrand({ brand }: { brand: string }) {
  const switchBrand = useBrandSwitch();
  const profile = useQuery({ queryKey: ['vermittler', 'profil'], queryFn: fetchProfile });
  const marke = profile.data?.marke;
  useEffect(() => {
    if (marke && marke !== brand) switchBrand(marke);
  }, [marke, brand, switchBrand]);
  return null;
}
