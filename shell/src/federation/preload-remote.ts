/**
 * Preloads a remote's entry and the synchronous chunks of its App, named by its manifest. Self-contained
 * (no imports, nothing from outside the function): the page-start script runs its source as soon as
 * the route's manifest arrives (page-start.ts), and first-route.ts runs it for a manifest from another
 * address. A link already in the head is not added twice.
 */
export function preloadRemote(manifestUrl: string, manifest: Manifest): void {
  const meta = manifest.metaData;
  const publicPath = meta?.publicPath;
  const base =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('.', manifestUrl);
  const preload = (path: string, as: 'script' | 'style') => {
    const href = new URL(path, base).href;
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
    if (Array.from(links).some((link) => link.href === href)) return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  };
  const entry = meta?.remoteEntry;
  if (entry?.name) preload(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, 'script');
  const app = manifest.exposes?.find((expose) => expose.name === 'App');
  for (const path of app?.assets?.css?.sync ?? []) preload(path, 'style');
  for (const path of app?.assets?.js?.sync ?? []) preload(path, 'script');
}

interface ManifestAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

/** The parts of a federation manifest (mf-manifest.json) that name a remote's first files. */
export interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: ManifestAssets }[];
}
