import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoadedRemotes } from './use-loaded-remotes';
import { buildFromManifest, buildOf, recordLoadedRemote, versionsPlugin } from './versions';

describe('remote versions', () => {
  it('reads the build hash from a hashed entry name', () => {
    expect(buildOf('static/js/mf_boards.40e3f1c893.js')).toBe('40e3f1c893');
    expect(buildOf('http://x/remotes/mf-auth/static/js/mf_auth.a0533f6bc4.js')).toBe('a0533f6bc4');
    expect(buildOf('remoteEntry.js')).toBeNull();
  });

  it('reads version and build from a federation manifest', () => {
    const manifest = {
      metaData: {
        buildInfo: { buildVersion: '1.2.0', buildName: 'mf-boards' },
        remoteEntry: { name: 'static/js/mf_boards.0123abcd99.js', path: '', type: 'global' },
      },
    };
    expect(buildFromManifest(manifest)).toEqual({ version: '1.2.0', build: '0123abcd99' });
    expect(buildFromManifest({})).toBeNull();
    expect(buildFromManifest(null)).toBeNull();
  });

  it('records what the runtime loaded and tells the page', async () => {
    const { result } = renderHook(() => useLoadedRemotes());
    expect(result.current.get('mf_settings')).toBeUndefined();
    const plugin = versionsPlugin() as {
      afterLoadSnapshot: (args: unknown) => unknown;
    };
    const args = {
      moduleInfo: { name: 'mf_settings', entry: 'http://x/remotes/mf-settings/mf-manifest.json' },
      remoteSnapshot: { buildVersion: '2.0.1', remoteEntry: 'static/js/mf_settings.171a38b782.js' },
    };
    await act(async () => {
      expect(plugin.afterLoadSnapshot(args)).toBe(args);
    });
    expect(result.current.get('mf_settings')).toEqual({ version: '2.0.1', build: '171a38b782' });

    const before = result.current;
    act(() => recordLoadedRemote('mf_settings', { version: '2.0.1', build: '171a38b782' }));
    expect(result.current).toBe(before);
  });
});
