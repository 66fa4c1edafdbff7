/**
 * The backup archive: one ZIP (yazl to write, yauzl to read back) holding
 *
 *   objects/<key>                   every stored object, under its storage key
 *   database/postgresql.dump        `pg_dump --format=custom` of a PostgreSQL installation, or
 *   database/pglite.tar             the embedded PGlite data folder (`dumpDataDir`)
 *   manifest.json                   what the archive holds (below), written last
 *
 * ZIP rather than tar because the restore reads the manifest first and then each entry by name, and
 * ZIP's central directory gives that without reading the whole archive (yazl was already in use for
 * exports). Objects are stored as they are (mostly pictures and documents, already compressed); the
 * PGlite folder is deflated; the custom-format dump is compressed by pg_dump itself.
 */
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as yauzl from 'yauzl';
import { ZipFile } from 'yazl';

export const FORMAT = 'kanban-backup';
export const VERSION = 1;
export const MANIFEST = 'manifest.json';
export const OBJECTS = 'objects/';

export type DatabaseKind = 'postgresql' | 'pglite';

export const DUMP_ENTRY: Record<DatabaseKind, string> = {
  postgresql: 'database/postgresql.dump',
  pglite: 'database/pglite.tar',
};

export interface Manifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** The moment the archive shows: when its database snapshot was taken. */
  createdAt: string;
  database: {
    kind: DatabaseKind;
    entry: string;
    /** `select version()` of the database the dump came from. */
    serverVersion: string;
  };
  objects: {
    count: number;
    bytes: number;
    /** Keys a row named whose object was already missing from storage (none in a healthy installation). */
    missing: string[];
  };
}

/** A failure the operator can act on: the commands print its message alone, without a stack. */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

/** Writes entries one at a time into a ZIP that streams to `sink` as it grows. */
export class ArchiveWriter {
  private readonly zip = new ZipFile();
  private readonly output = this.zip.outputStream as Readable;
  /** Settles when the sink has the whole archive, or at the first failure of either side. */
  private readonly written: Promise<void>;

  constructor(sink: Writable) {
    this.written = new Promise<void>((resolve, reject) => {
      // yazl reports an entry of another size than announced, or an unreadable file, here.
      this.zip.on('error', (err: Error) => {
        reject(err);
        this.output.destroy(err);
      });
      pipeline(this.output, sink).then(resolve, reject);
    });
    // Seen by add(), finish() or the caller's abort(); until then it must not go unhandled.
    this.written.catch(() => {});
  }

  /** Adds a stream as `name` and resolves once the archive has read all of it. */
  async add(name: string, stream: Readable, options: { size?: number; compress?: boolean } = {}) {
    const ended = new Promise<void>((resolve, reject) => {
      stream.once('end', resolve);
      stream.once('error', reject);
    });
    this.zip.addReadStream(stream, name, {
      compress: options.compress ?? false,
      ...(options.size !== undefined && { size: options.size }),
    });
    await Promise.race([ended, this.written]);
  }

  addJson(name: string, value: unknown): void {
    this.zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name);
  }

  /** Ends the archive; resolves when the sink has every byte. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.written;
  }

  /** Stops writing: the sink is destroyed, so a half-written archive is never taken for a whole one. */
  abort(err: Error): void {
    this.output.destroy(err);
  }
}

/** A backup archive opened for reading, its manifest checked. */
export interface ArchiveReader {
  manifest: Manifest;
  /** Stored objects: key -> size. */
  objects: Map<string, number>;
  open(name: string): Promise<Readable>;
  close(): void;
}

function checkManifest(value: unknown, names: Set<string>, objects: number): Manifest {
  const manifest = value as Partial<Manifest> | null;
  if (manifest?.format !== FORMAT) throw new OperatorError('This file is not a backup of this service.');
  if (manifest.version !== VERSION) {
    throw new OperatorError(
      `Backup format version ${manifest.version} is not supported (this one reads ${VERSION}).`,
    );
  }
  const kind = manifest.database?.kind;
  if ((kind !== 'postgresql' && kind !== 'pglite') || !names.has(manifest.database?.entry ?? '')) {
    throw new OperatorError('The backup has no database dump: the archive is damaged.');
  }
  if (manifest.objects?.count !== objects) {
    throw new OperatorError(
      `The backup lists ${manifest.objects?.count} stored files but holds ${objects}: the archive is damaged.`,
    );
  }
  return manifest as Manifest;
}

/** A whole entry in memory (the PGlite folder, which PGlite takes as one blob). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Opens an archive and reads its directory and manifest; nothing else is read until asked for. */
export async function openArchive(path: string): Promise<ArchiveReader> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (err) {
    throw new OperatorError(`${path} is not a readable ZIP archive: ${(err as Error).message}`);
  }
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const objects = new Map<string, number>();
    for (const [name, entry] of entries) {
      if (name.startsWith(OBJECTS)) objects.set(name.slice(OBJECTS.length), entry.uncompressedSize);
    }
    const manifestEntry = entries.get(MANIFEST);
    if (!manifestEntry)
      throw new OperatorError('This file is not a backup of this service (no manifest.json).');
    const text = (await readAll(await zip.openReadStreamPromise(manifestEntry))).toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new OperatorError('The backup manifest is not JSON: the archive is damaged.');
    }
    const manifest = checkManifest(parsed, new Set(entries.keys()), objects.size);
    return {
      manifest,
      objects,
      open: async (name) => {
        const entry = entries.get(name);
        if (!entry) throw new OperatorError(`The backup has no ${name}: the archive is damaged.`);
        return zip.openReadStreamPromise(entry);
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
