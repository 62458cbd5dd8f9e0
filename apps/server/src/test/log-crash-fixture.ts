// Run by lib/logger.test.ts: logs into the production destination, then ends the process the way
// argv[3] says, before any buffered line could have been written in the ordinary course.
import pino from 'pino';
import { createLogOutput } from '../lib/logger.ts';

const [file, ending] = process.argv.slice(2);
const output = createLogOutput({ isProduction: true, demo: false, logPretty: undefined }, { dest: file });
const logger = pino({ base: undefined }, output.stream);
output.destination.once('ready', () => {
  for (let index = 0; index < 50; index += 1) logger.info({ index }, 'before the end');
  if (ending === 'exit') process.exit(3);
  throw new Error('an uncaught exception');
});
