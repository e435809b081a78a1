import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import type { OwnMemberRecord } from '@leadpulse/common';
import { memberApi } from './member-api';

interface MemberContextValue {
  member: OwnMemberRecord | null;
  error: ApiError | null;
  loading: boolean;
  setMember(member: OwnMemberRecord): void;
  reload(): Promise<void>;
}

const MemberContext = createContext<MemberContextValue | null>(null);

/** The signed-in member's record, loaded once for the whole member area. */
export function MemberProvider({ children }: { children: ReactNode }) {
  const [member, setMember] = useState<OwnMemberRecord | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    try {
      setMember(await memberApi.me());
      setError(null);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : null);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    memberApi
      .me()
      .then((loaded) => !cancelled && setMember(loaded))
      .catch(
        (caught: unknown) => !cancelled && setError(caught instanceof ApiError ? caught : null),
      )
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <MemberContext.Provider value={{ member, error, loading, setMember, reload }}>
      {children}
    </MemberContext.Provider>
  );
}

export function useMember(): MemberContextValue {
  const context = useContext(MemberContext);
  if (!context) throw new Error('useMember must be used inside <MemberProvider>');
  return context;
}

/**
 * The signed-in member's record where the member area provides one, or null (a page rendered on
 * its own, or the record not loaded yet).
 */
export function useMemberRecord(): OwnMemberRecord | null {
  return useContext(MemberContext)?.member ?? null;
}
