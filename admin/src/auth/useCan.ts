import { useCanAccess, type RaRecord } from 'react-admin';

/**
 * Whether the signed-in administrator may take an action (authProvider.canAccess); false while
 * the answer loads, so a write the server would refuse is never offered.
 */
export function useCan(action: string, resource: string, record?: RaRecord): boolean {
  return useCanAccess({ action, resource, record }).canAccess === true;
}
