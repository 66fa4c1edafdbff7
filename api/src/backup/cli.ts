/**
 * The operator's commands: `npm run backup [file]` and `npm run restore <file>` (scripts/run.mjs), or
 * in the API's image `node api/dist/src/backup/cli.js backup|restore ...` (README, "Backup and
 * restore"). What they do is commands.ts. Messages are English, like the other root commands;
 * relative paths are taken from where npm was run (INIT_CWD).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { OperatorError } from './archive.js';
import { backup, restore, say } from './commands.js';

const USAGE = `Usage:
  npm run backup [-- <file> | --out <file>]   write a backup archive (default backup-YYYYMMDD-HHMMSS.zip
                                               in this folder; - writes it to stdout)
  npm run restore -- <file>                    restore an archive into an empty database and an empty
                                               storage, with the API stopped (- reads it from stdin)`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, path, ...extra] = positionals;
  const here = process.env.INIT_CWD ?? process.cwd();
  if (values.help || extra.length > 0) {
    say(USAGE);
    return values.help ? 0 : 2;
  }
  if (command === 'backup') {
    await backup(loadConfig(), values.out ?? path, here);
    return 0;
  }
  if (command === 'restore' && path !== undefined) {
    await restore(loadConfig(), path, here);
    return 0;
  }
  say(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    say(
      err instanceof OperatorError
        ? err.message
        : err instanceof Error
          ? (err.stack ?? err.message)
          : String(err),
    );
    process.exitCode = 1;
  },
);
