// Run by db/embedded/server.test.ts: a process that runs the embedded server of argv[2], prints
// the postgres pid, then waits to be killed.
import { openEmbeddedDatabase } from '../db/open-database.ts';

const database = await openEmbeddedDatabase(process.argv[2] as string);
process.stdout.write(`${database.server.pid}\n`);
setInterval(() => {}, 60_000);
