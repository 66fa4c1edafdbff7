// Release folders for the static front-ends (docs/decisions.md "Deploying the front-ends").
//
//   <deployDir>/sites/<app>/releases/<id>/   one deployed build, with version.json beside its manifest
//   <deployDir>/sites/<app>/current          symlink to the live release, switched atomically
//
// A new release also carries the hashed files (static/**) of the previous releases, so a page that
// loaded an older manifest and asks for one of its chunks later still gets it. Entry files
// (index.html, mf-manifest.json, version.json) are the new build's only.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

export const FRONT_ENDS = ['shell', 'mf-auth', 'mf-boards', 'mf-board-view', 'mf-settings'];
export const REMOTES = FRONT_ENDS.filter((app) => app !== 'shell');

/** Older releases whose hashed files a new release keeps (pages open across this many deploys). */
const CARRY_RELEASES = 2;
/** Release folders kept on disk besides the live one. */
const KEEP_RELEASES = 5;
const OWN_FILES = '.release-files.json';

export const siteDir = (deployDir, app) => join(deployDir, 'sites', app);
export const currentDir = (deployDir, app) => join(siteDir(deployDir, app), 'current');

/** Every file under `dir`, as sorted paths relative to it (posix separators). */
function listFiles(dir, base = dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path, base));
    else if (entry.isFile()) files.push(relative(base, path).split(sep).join('/'));
  }
  return files.sort();
}

/** A short hash of a build's contents (paths and bytes): equal builds get equal hashes. */
export function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of listFiles(dir)) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** What is live for `app`: its release id and version.json, or null. */
export function currentRelease(deployDir, app) {
  const link = currentDir(deployDir, app);
  if (!existsSync(link)) return null;
  const id = readlinkSync(link).split(/[\\/]/).pop();
  return { id, dir: link, version: readJson(join(link, 'version.json')) };
}

function releaseIds(deployDir, app) {
  const dir = join(siteDir(deployDir, app), 'releases');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

/** Hard link when the file system allows it (same bytes, no copy), else copy. */
function linkOrCopy(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Points `link` at `target` in one step: a new symlink renamed over the old (`ln -sfn` + `mv -T`). */
function switchSymlink(link, target) {
  const temp = `${link}.next-${process.pid}`;
  rmSync(temp, { force: true });
  symlinkSync(target, temp);
  renameSync(temp, link);
}

/**
 * Deploys the build in `dist` as the live release of `app`. Returns { id, version, skipped } where
 * skipped means the live release already holds exactly this build.
 */
export function publish({ deployDir, app, dist, packageVersion }) {
  if (!FRONT_ENDS.includes(app)) throw new Error(`unknown front-end ${app}: one of ${FRONT_ENDS.join(', ')}`);
  if (!existsSync(join(dist, app === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
    throw new Error(`${dist} holds no build of ${app}`);
  }
  const build = contentHash(dist);
  const live = currentRelease(deployDir, app);
  if (live?.version?.build === build) return { id: live.id, version: live.version, skipped: true };

  const releases = join(siteDir(deployDir, app), 'releases');
  mkdirSync(releases, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const id = `${stamp}-${build}`;
  const staging = join(releases, `.${id}.staging`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(dist, staging, { recursive: true });

  const manifest = readJson(join(dist, 'mf-manifest.json'));
  const version = {
    name: app,
    version: manifest?.metaData?.buildInfo?.buildVersion ?? packageVersion ?? null,
    build,
    release: id,
    deployedAt: new Date().toISOString(),
  };
  const own = [...new Set([...listFiles(dist).filter((file) => file !== OWN_FILES), 'version.json'])];
  writeFileSync(join(staging, 'version.json'), `${JSON.stringify(version, null, 2)}\n`);
  writeFileSync(join(staging, OWN_FILES), JSON.stringify(own));

  // Keep the hashed chunks of the last releases reachable from the new one.
  const previous = releaseIds(deployDir, app).slice(-CARRY_RELEASES);
  for (const old of previous) {
    const oldDir = join(releases, old);
    const files = readJson(join(oldDir, OWN_FILES)) ?? [];
    for (const file of files) {
      if (!file.startsWith('static/')) continue;
      const target = join(staging, file);
      if (!existsSync(target) && existsSync(join(oldDir, file))) linkOrCopy(join(oldDir, file), target);
    }
  }

  renameSync(staging, join(releases, id));
  switchSymlink(currentDir(deployDir, app), join('releases', id));

  for (const old of releaseIds(deployDir, app).slice(0, -(KEEP_RELEASES + 1))) {
    rmSync(join(releases, old), { recursive: true, force: true });
  }
  return { id, version, skipped: false };
}

/** The runtime remotes map served at /remotes.json; written atomically. */
export function writeRemotesMap(deployDir, source) {
  mkdirSync(deployDir, { recursive: true });
  const target = join(deployDir, 'remotes.json');
  const temp = `${target}.next-${process.pid}`;
  writeFileSync(temp, readFileSync(source));
  renameSync(temp, target);
  return target;
}
