import { OIDC_LOGIN_PARAMS, oidcErrorText } from 'contract/oidc-text';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuthStore } from 'shared-ui';

// A code is traded once, even when an effect runs twice.
const traded = new Set<string>();

/**
 * /login as the identity provider's way back: `?oidc=<code>` is traded for the sign-in token (the
 * page then goes where the sign-in started), `?oidcError=<code>` becomes the message to show. Both
 * leave the address at once, so a reload does not replay them.
 */
export function useOidcLanding(): { finishing: boolean; error: string | undefined } {
  const finishOidc = useAuthStore((state) => state.finishOidc);
  const [params, setParams] = useSearchParams();
  const code = params.get(OIDC_LOGIN_PARAMS.code);
  const errorCode = params.get(OIDC_LOGIN_PARAMS.error);
  const [error] = useState(() => (errorCode === null ? undefined : oidcErrorText(errorCode)));
  const [finishing, setFinishing] = useState(code !== null);

  useEffect(() => {
    if (code === null && errorCode === null) return;
    const rest = new URLSearchParams(params);
    rest.delete(OIDC_LOGIN_PARAMS.code);
    rest.delete(OIDC_LOGIN_PARAMS.error);
    setParams(rest, { replace: true });
    if (code === null || traded.has(code)) return;
    traded.add(code);
    void finishOidc(code).finally(() => setFinishing(false));
  }, [code, errorCode, params, setParams, finishOidc]);

  return { finishing, error };
}
