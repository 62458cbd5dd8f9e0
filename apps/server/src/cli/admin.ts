import { readConfig } from '../config.ts';
import { openAdminDatabase } from '../db/open-database.ts';
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

// `npm run admin -- <command>` (docs/scripts.md): works on the configured database, DATABASE_URL or
// the embedded server under DATA_DIR: the running shop's, or one started for the command.
try {
  const config = readConfig();
  process.exitCode = await runAdmin(process.argv.slice(2), {
    storage: config.databaseUrl ? { kind: 'postgres' } : { kind: 'embedded', dataDir: config.dataDir },
    openDatabase: () => openAdminDatabase(config),
    readPipedInput,
    publicUrl: config.publicUrl,
    print: (line) => console.log(line),
    printError: (line) => console.error(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
