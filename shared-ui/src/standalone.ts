// The standalone dev pages of the remotes (`import … from 'shared-ui/standalone'`, only from a
// remote's bootstrap.tsx). A separate entry, so the shared-ui every page loads in production
// carries none of it. Its files import the rest of shared-ui by the package's name, not by path:
// that way they take the one federated shared-ui the remote's App uses (one auth store), and the
// bundler does not split shared-ui's internals into a chunk the exposed App would then load.
export { renderStandalone, type StandaloneOptions } from './standalone/render-standalone';
export { StandaloneBar, type StandaloneBarProps } from './standalone/StandaloneBar';
export { StandalonePage } from './standalone/StandalonePage';
export { StandaloneSignIn } from './standalone/StandaloneSignIn';
