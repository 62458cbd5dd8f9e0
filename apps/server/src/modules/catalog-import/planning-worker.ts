import { getPriority, setPriority } from 'node:os';
import { type MessagePort, parentPort } from 'node:worker_threads';
import type { ExistingProductForPlan } from './catalog-csv-product.ts';
import { planFile, type PlanFileInput } from './plan-file.ts';
import type { ToPlanner, ToShop } from './planning-thread.ts';

const PLANNING_NICENESS = 10;

/**
 * The planning thread's entry (planning-thread.ts starts it): each message is one file to plan,
 * with a port of its own on which the thread asks for the shop's products of the file's handles
 * and answers the plan. Several files may be in flight; the CPU work of each runs here, in turn.
 */
if (!parentPort) throw new Error('planning-worker.ts runs as a worker thread');

// On Linux a thread's niceness is its own (elsewhere it is the process's, so it is left alone):
// where the planning thread and the request thread want one core, the requests go first.
// A server already run nicer than that keeps its own niceness: lowering it would need privileges.
if (process.platform === 'linux' && getPriority() < PLANNING_NICENESS) setPriority(PLANNING_NICENESS);

parentPort.on('message', ({ input, port }: { input: PlanFileInput; port: MessagePort }) => {
  void planOnPort(input, port);
});

async function planOnPort(input: PlanFileInput, port: MessagePort): Promise<void> {
  const send = (message: ToShop) => port.postMessage(message);
  let answer: ((message: ToPlanner) => void) | undefined;
  port.on('message', (message: ToPlanner) => answer?.(message));
  port.on('close', () => answer?.({ kind: 'cancel' }));
  const existingProducts = (handles: string[]) =>
    new Promise<ReadonlyMap<string, ExistingProductForPlan>>((resolve, reject) => {
      answer = (message) =>
        message.kind === 'existing' ? resolve(message.products) : reject(new Error('the shop gave up on this plan'));
      send({ kind: 'existing', handles });
    });
  try {
    send({ kind: 'done', planned: await planFile(input, existingProducts) });
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    send({ kind: 'failed', message, stack });
  } finally {
    port.close();
  }
}
