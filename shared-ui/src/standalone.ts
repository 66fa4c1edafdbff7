// The standalone dev pages of the remotes (`import … from 'shared-ui/standalone'`, only from a
// remote's bootstrap.tsx). A separate entry, so the shell's shared-ui, which every page loads in
// production, carries none of it.
export { renderStandalone, type StandaloneOptions } from './standalone/render-standalone';
export { StandaloneBar, type StandaloneBarProps } from './standalone/StandaloneBar';
export { StandalonePage } from './standalone/StandalonePage';
export { StandaloneSignIn } from './standalone/StandaloneSignIn';
