import { readConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { runAdmin } from './admin-commands.ts';

// `npm run admin -- <command>` (README, Scripts): works on the configured database, the embedded
// one under DATA_DIR (refused while a server holds it) or DATABASE_URL.
try {
  const config = readConfig();
  process.exitCode = await runAdmin(process.argv.slice(2), {
    openDatabase: () => openDatabase(config),
    print: (line) => console.log(line),
    printError: (line) => console.error(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
