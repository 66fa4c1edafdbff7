import type { AuthProvider } from 'contract';
import { signInWithText } from 'contract/oidc-text';
import { safeReturnTo } from 'contract/return-to';
import { useSearchParams } from 'react-router-dom';

interface ProviderButtonsProps {
  providers: AuthProvider[];
  /** 'или' above the buttons, when the password form is shown too. */
  divided: boolean;
}

/**
 * 'Войти через …' for each provider: a link the browser follows to the API, which sends it on to the
 * provider; it comes back signed in to the page it asked for (`returnTo`).
 */
export function ProviderButtons({ providers, divided }: ProviderButtonsProps) {
  const [params] = useSearchParams();
  if (providers.length === 0) return null;
  const returnTo = safeReturnTo(params.get('returnTo'));
  return (
    <div className="auth-card__providers">
      {divided && <p className="auth-card__or">или</p>}
      {providers.map((provider) => (
        // shared-ui's button look on a link: the browser leaves the site for the provider.
        <a
          key={provider.id}
          className="ui-button ui-button--secondary ui-button--medium ui-button--full"
          href={`/api/auth/${provider.id}/start?${new URLSearchParams({ returnTo })}`}
        >
          {signInWithText(provider.name)}
        </a>
      ))}
    </div>
  );
}
