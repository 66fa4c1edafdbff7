export { ProviderButtons } from './components/ProviderButtons';
export { useOidcLanding } from './use-oidc-landing';
export { forgetProviders, useProviders } from './use-providers';
