import { MessageChannel, Worker } from 'node:worker_threads';
import type { ExistingProductForPlan } from './catalog-csv-product.ts';
import type { ExistingProducts, PlanFileInput, PlannedFile } from './plan-file.ts';

/**
 * Planning a catalog file off the event loop (decision 054): parsing and planning a 20,000-row file
 * is seconds of CPU, which on the request thread would hold up every other request of the
 * instance. One worker thread per process does it, started on the first file and left idle
 * (unreferenced) after; the request thread only answers the worker's one question, the shop's
 * products of the file's handles, from the database.
 */

/** What the planning thread says on a file's port. */
export type ToShop =
  | { kind: 'existing'; handles: string[] }
  | { kind: 'done'; planned: PlannedFile }
  | { kind: 'failed'; message: string; stack: string | undefined };
/** What the request thread answers it. */
export type ToPlanner =
  { kind: 'existing'; products: ReadonlyMap<string, ExistingProductForPlan> } | { kind: 'cancel' };

/**
 * The worker's file. From the sources (tests, `npm run dev`) it is the TypeScript entry, loaded
 * through tsx; in the production build it is the bundle build.mjs writes beside dist/main.js.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
export const PLANNING_WORKER_BUNDLE = 'catalog-import-planning-worker.js';
const SOURCE_ENTRY = new URL('./planning-worker.ts', import.meta.url);

let worker: Worker | undefined;
/** The files in flight: each one's way to fail when the worker dies under it. */
const inFlight = new Set<(error: Error) => void>();

function planningWorker(): Worker {
  if (worker) return worker;
  const started = FROM_SOURCE
    ? // Node 20 loads a worker's entry before an `--import`ed tsx could teach it TypeScript, so a
      // plain script registers tsx first, then imports the entry.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(SOURCE_ENTRY.href)}); });`,
        { eval: true, execArgv: [] },
      )
    : // Not the server's own flags: the tracing preload is the request thread's business.
      new Worker(new URL(`./${PLANNING_WORKER_BUNDLE}`, import.meta.url), { execArgv: [] });
  started.unref();
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const reject of inFlight) reject(error);
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the planning thread stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** planFile (plan-file.ts) in the planning thread; `existingProducts` runs here, on the request thread. */
export function planInThread(input: PlanFileInput, existingProducts: ExistingProducts): Promise<PlannedFile> {
  const thread = planningWorker();
  const { port1: port, port2: theirs } = new MessageChannel();
  return new Promise<PlannedFile>((resolve, reject) => {
    const settle = (finish: () => void) => {
      inFlight.delete(failed);
      port.close();
      if (inFlight.size === 0) thread.unref();
      finish();
    };
    const failed = (error: Error) => settle(() => reject(error));
    inFlight.add(failed);
    thread.ref();
    port.on('message', (message: ToShop) => {
      if (message.kind === 'done') settle(() => resolve(message.planned));
      else if (message.kind === 'failed') {
        const error = new Error(message.message);
        error.stack = message.stack;
        failed(error);
      } else {
        existingProducts(message.handles).then(
          (products) => port.postMessage({ kind: 'existing', products } satisfies ToPlanner),
          (error: unknown) => {
            port.postMessage({ kind: 'cancel' } satisfies ToPlanner);
            failed(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }
    });
    thread.postMessage({ input, port: theirs }, [theirs]);
  });
}
