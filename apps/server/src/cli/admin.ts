import { readConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { runAdmin } from './admin-commands.ts';

/** Piped input (a password for create-owner), never read from a terminal where it would echo. */
async function readPipedInput(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  return text.length > 0 ? text : undefined;
}

// `npm run admin -- <command>` (docs/scripts.md): works on the configured database, the embedded
// one under DATA_DIR (refused while a server holds it) or DATABASE_URL.
try {
  const config = readConfig();
  process.exitCode = await runAdmin(process.argv.slice(2), {
    storage: config.databaseUrl ? { kind: 'postgres' } : { kind: 'embedded', dataDir: config.dataDir },
    openDatabase: () => openDatabase(config),
    readPipedInput,
    publicUrl: config.publicUrl,
    print: (line) => console.log(line),
    printError: (line) => console.error(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
