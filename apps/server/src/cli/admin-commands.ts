import { backupEmbeddedShop, describeBackup } from '../db/backup/embedded-backup.ts';
import { describeRestore, restoreEmbeddedShop } from '../db/backup/embedded-restore.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { seedDemoData } from '../db/seed/seed-demo.ts';
import { createOwner, OWNER_LINK_TTL_HOURS } from './create-owner.ts';

export type AdminContext = {
  /** Opened (and migrated) only for the command that runs; closed by the runner. */
  database: DatabaseHandle;
  print: (line: string) => void;
  /** What was piped on standard input, trailing newline removed; undefined at a terminal. */
  readPipedInput: () => Promise<string | undefined>;
  publicUrl: string;
};

/** Where the shop keeps its data, as configured: the embedded database's folder, or PostgreSQL. */
export type ShopStorage = { kind: 'embedded'; dataDir: string } | { kind: 'postgres' };

export type StorageContext = { storage: ShopStorage; print: (line: string) => void };

type AdminCommand = { usage: string; summary: string } & (
  | { run: (args: string[], context: AdminContext) => Promise<void> }
  /** Works on the embedded server and its files itself, so the runner must not open (or migrate) it first. */
  | { runOnStorage: (args: string[], context: StorageContext) => Promise<void> }
);

/** Thrown for a wrong use of a command: the runner prints the message and exits with 2. */
export class UsageError extends Error {}

export const POSTGRES_BACKUP_MESSAGE =
  'This shop runs on PostgreSQL (DATABASE_URL is set): back it up with pg_dump -Fc and restore it with ' +
  'pg_restore, as docs/backup-and-restore.md shows. The backup and restore commands ' +
  'are for the embedded database under DATA_DIR.';

/** `<file> [--force]`, the arguments of backup and restore. */
function fileAndForce(command: string, args: string[]): { file: string; force: boolean } {
  const flags = args.filter((arg) => arg.startsWith('--'));
  const files = args.filter((arg) => !arg.startsWith('--'));
  const unknown = flags.filter((flag) => flag !== '--force');
  if (unknown.length > 0 || files.length !== 1 || flags.length > 1) {
    throw new UsageError(`Usage: npm run admin -- ${command} <file> [--force]`);
  }
  return { file: files[0] as string, force: flags.length === 1 };
}

function embeddedDataDir(storage: ShopStorage): string {
  if (storage.kind === 'postgres') throw new Error(POSTGRES_BACKUP_MESSAGE);
  return storage.dataDir;
}

/** `npm run admin -- <command>`: one entry per command of the shop's operator. */
export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'create-owner': {
    usage: 'create-owner <email>',
    summary:
      'Make <email> a back-office owner. A new account takes its password from standard input when piped, else a one-time set-password link is printed.',
    run: async (args, { database, print, readPipedInput, publicUrl }) => {
      const [email, ...rest] = args;
      if (email === undefined || rest.length > 0) throw new UsageError('Usage: npm run admin -- create-owner <email>');
      const outcome = await createOwner(database.db, { email, password: await readPipedInput(), publicUrl });
      if (outcome.kind === 'already-owner') print(`${outcome.email} is already an owner; nothing changed.`);
      else if (outcome.kind === 'promoted')
        print(`${outcome.email} is now an owner (existing account, password unchanged).`);
      else if (outcome.setPasswordLink === undefined)
        print(`Created the owner ${outcome.email} with the piped password.`);
      else {
        print(
          `Created the owner ${outcome.email}. Open this link within ${OWNER_LINK_TTL_HOURS} hours to choose a password:`,
        );
        print(outcome.setPasswordLink);
      }
    },
  },
  'seed-demo': {
    usage: 'seed-demo',
    summary: 'Add the demo catalog, reviews and promo codes; a table that has rows is left as it is.',
    run: async (args, { database, print }) => {
      if (args.length > 0) throw new UsageError(`seed-demo takes no arguments (got: ${args.join(' ')})`);
      const counts = await seedDemoData(database.db);
      const added = Object.entries(counts).filter(([, n]) => n > 0);
      print(
        added.length === 0
          ? 'Nothing to seed: the shop already has products, reviews and promo codes.'
          : `Seeded the demo data: ${added.map(([what, n]) => `${n} ${what}`).join(', ')}.`,
      );
    },
  },
  backup: {
    usage: 'backup <file> [--force]',
    summary:
      'Embedded database only, with the shop running or stopped: write the whole shop (every table, uploaded images, the generated secrets) to <file>, a .tar.gz. --force replaces an existing <file>.',
    runOnStorage: async (args, { storage, print }) => {
      const { file, force } = fileAndForce('backup', args);
      print(describeBackup(await backupEmbeddedShop({ dataDir: embeddedDataDir(storage), file, force })));
    },
  },
  restore: {
    usage: 'restore <file> [--force]',
    summary:
      'Embedded database only, with the shop stopped: bring back the shop saved in <file> into DATA_DIR. --force replaces a shop DATA_DIR already holds.',
    runOnStorage: async (args, { storage, print }) => {
      const { file, force } = fileAndForce('restore', args);
      print(describeRestore(await restoreEmbeddedShop({ dataDir: embeddedDataDir(storage), file, force })));
    },
  },
};

export function adminUsage(): string {
  const width = Math.max(...Object.values(ADMIN_COMMANDS).map((command) => command.usage.length));
  const lines = Object.values(ADMIN_COMMANDS).map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`);
  return ['Usage: npm run admin -- <command>', '', 'Commands:', ...lines].join('\n');
}

export type AdminIo = {
  storage: ShopStorage;
  openDatabase: () => Promise<DatabaseHandle>;
  readPipedInput: () => Promise<string | undefined>;
  publicUrl: string;
  print: (line: string) => void;
  printError: (line: string) => void;
};

/** Runs one command and answers the process exit code: 0 done, 1 failed, 2 wrong use. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help') {
    (name === undefined ? io.printError : io.print)(adminUsage());
    return name === undefined ? 2 : 0;
  }
  const command = ADMIN_COMMANDS[name];
  if (!command) {
    io.printError(`Unknown command: ${name}\n\n${adminUsage()}`);
    return 2;
  }
  let database: DatabaseHandle | undefined;
  try {
    if ('runOnStorage' in command) {
      await command.runOnStorage(args, { storage: io.storage, print: io.print });
      return 0;
    }
    database = await io.openDatabase();
    await database.migrate();
    await command.run(args, {
      database,
      print: io.print,
      readPipedInput: io.readPipedInput,
      publicUrl: io.publicUrl,
    });
    return 0;
  } catch (error) {
    io.printError(error instanceof Error ? error.message : String(error));
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await database?.close();
  }
}
