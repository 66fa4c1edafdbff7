/**
 * /about: which build of the shell and of each remote this page runs, and which one is deployed now,
 * so a team can confirm its deploy (docs/decisions.md "Which version is loaded"). A build is the
 * package.json version plus the content hash of the entry script.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button } from 'shared-ui';
import shellPackage from '../../../package.json';
import { getRemotesMap, toAbsoluteUrl } from '../../federation/remotes-map';
import { useLoadedRemotes } from '../../federation/use-loaded-remotes';
import { buildFromManifest, buildOf, type RemoteBuild } from '../../federation/versions';
import { mfAuth } from '../../remotes/mf-auth';
import { mfBoardView } from '../../remotes/mf-board-view';
import { mfBoards } from '../../remotes/mf-boards';
import { mfSettings } from '../../remotes/mf-settings';
import './about.css';

const REMOTES = [mfAuth, mfBoards, mfBoardView, mfSettings];
const SHELL_SCRIPT = /\/static\/js\/index\.([0-9a-f]{6,})\.js/;

type Deployed = RemoteBuild | 'missing' | 'unavailable';

/** The shell build this document runs: its own version and the hash of its entry script. */
function loadedShell(): RemoteBuild {
  const script = document.querySelector<HTMLScriptElement>('script[src*="/static/js/index."]');
  return { version: shellPackage.version, build: script ? buildOf(script.src) : null };
}

async function deployedShell(): Promise<Deployed> {
  const [page, manifest] = await Promise.all([
    fetch('/', { cache: 'no-cache' }).then((response) => (response.ok ? response.text() : '')),
    fetch('/mf-manifest.json', { cache: 'no-cache' }).then((response) =>
      response.ok ? response.json() : null,
    ),
  ]);
  const version = buildFromManifest(manifest)?.version;
  const build = SHELL_SCRIPT.exec(page)?.[1] ?? null;
  return version ? { version, build } : 'unavailable';
}

async function deployedRemotes(): Promise<Record<string, Deployed>> {
  const map = await getRemotesMap({ refresh: true });
  const entries = await Promise.all(
    REMOTES.map(async ({ name }): Promise<[string, Deployed]> => {
      const url = map[name];
      if (!url) return [name, 'missing'];
      try {
        const response = await fetch(toAbsoluteUrl(url), { cache: 'no-cache' });
        const build = response.ok ? buildFromManifest(await response.json()) : null;
        return [name, build ?? 'unavailable'];
      } catch {
        return [name, 'unavailable'];
      }
    }),
  );
  return Object.fromEntries(entries);
}

const label = (build: RemoteBuild) => (build.build ? `${build.version} · ${build.build}` : build.version);

function DeployedCell({
  deployed,
  loaded,
}: {
  deployed: Deployed | undefined;
  loaded: RemoteBuild | undefined;
}) {
  if (deployed === undefined) return <td className="shell-about__muted">…</td>;
  if (deployed === 'missing') return <td className="shell-about__muted">не развёрнут</td>;
  if (deployed === 'unavailable') return <td className="shell-about__muted">недоступен</td>;
  const differs =
    loaded !== undefined && (loaded.version !== deployed.version || loaded.build !== deployed.build);
  return (
    <td data-version={deployed.version} data-build={deployed.build ?? ''}>
      {label(deployed)}
      {differs && (
        <span className="shell-about__note">новая сборка, загрузится после обновления страницы</span>
      )}
    </td>
  );
}

export default function AboutPage() {
  const loaded = useLoadedRemotes();
  const [shell] = useState(loadedShell);
  const [deployed, setDeployed] = useState<Record<string, Deployed>>({});
  const [checking, setChecking] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    const [remotes, shellNow] = await Promise.all([
      deployedRemotes().catch(() => ({})),
      deployedShell().catch((): Deployed => 'unavailable'),
    ]);
    setDeployed({ ...remotes, shell: shellNow });
    setChecking(false);
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  const rows = [
    { key: 'shell', title: 'Оболочка', loaded: shell as RemoteBuild | undefined },
    ...REMOTES.map((remote) => ({ key: remote.name, title: remote.title, loaded: loaded.get(remote.name) })),
  ];

  return (
    <section className="shell-about">
      <h1 className="shell-about__title">О версии</h1>
      <p className="shell-about__text">
        Версия каждого раздела и хеш его сборки: какие работают на этой странице и какие развёрнуты сейчас.
      </p>
      <table className="shell-about__table">
        <thead>
          <tr>
            <th scope="col">Раздел</th>
            <th scope="col">На этой странице</th>
            <th scope="col">Развёрнуто сейчас</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-front-end={row.key}>
              <th scope="row">
                {row.title} <code className="shell-about__muted">{row.key}</code>
              </th>
              {row.loaded ? (
                <td data-version={row.loaded.version} data-build={row.loaded.build ?? ''}>
                  {label(row.loaded)}
                </td>
              ) : (
                <td className="shell-about__muted">не загружен</td>
              )}
              <DeployedCell deployed={deployed[row.key]} loaded={row.loaded} />
            </tr>
          ))}
        </tbody>
      </table>
      <Button variant="secondary" status={checking ? 'loading' : 'default'} onClick={() => void check()}>
        Проверить снова
      </Button>
    </section>
  );
}
