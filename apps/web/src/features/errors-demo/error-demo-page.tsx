import { useState } from 'react';
import { TOAST_DURATION_MS } from '@shopper/contract/plain';
import { Button } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { apiClient, isApiError } from '../../lib/api-client.ts';
import { showToast, type ToastType } from '../../lib/toast.ts';
import styles from './error-demo-page.module.css';

const TOAST_TYPES: ToastType[] = ['error', 'success', 'warning', 'info'];

interface Simulation {
  label: string;
  run: () => Promise<unknown>;
}

/** Real failing requests, each going through the one api client (docs/product.md#error-demo). */
const SIMULATIONS: Simulation[] = [
  {
    label: 'Simulate 404 Not Found',
    run: () => apiClient.get('/products/does-not-exist', (s) => s.ProductAnswerSchema),
  },
  {
    label: 'Simulate 400 Bad Request',
    run: () => apiClient.get('/products/all-products', (s) => s.ProductListSchema, { query: { minPrice: -1 } }),
  },
  {
    label: 'Simulate Timeout (408)',
    run: () => apiClient.get('/products/all-products', (s) => s.ProductListSchema, { timeoutMs: 1 }),
  },
  {
    label: 'Simulate Network Error',
    // Port 9 (discard) on the loopback: nothing answers, so fetch itself fails.
    run: () => apiClient.get('/products/all-products', (s) => s.ProductListSchema, { origin: 'http://127.0.0.1:9' }),
  },
];

function CrashOnRender(): never {
  throw new Error('Runtime error triggered from the error demo page');
}

export function ErrorDemoPage() {
  usePageTitle('Error Handling Demo');
  const [lastResult, setLastResult] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [shouldCrash, setShouldCrash] = useState(false);

  async function simulate({ label, run }: Simulation) {
    setPending(label);
    try {
      await run();
      setLastResult(`${label}: the request unexpectedly succeeded`);
      showToast('The request unexpectedly succeeded', 'warning');
    } catch (error) {
      const message = isApiError(error) ? error.message : 'An unexpected error occurred';
      const status = isApiError(error) ? error.status : 'unknown';
      setLastResult(`${label}\nstatus: ${status}\nmessage: ${message}`);
      showToast(message, 'error');
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      {shouldCrash ? <CrashOnRender /> : null}
      <PageHeader
        title="Error Handling Demo"
        subtitle="Try the toasts, the API error messages and the error boundary the shop uses."
        breadcrumb={[{ label: 'Home', to: '/' }, { label: 'Error Demo' }]}
      />
      <Container isSection>
        <div className={styles.grid}>
          <section className={styles.card} aria-labelledby="toasts-heading">
            <h2 id="toasts-heading" className={styles.title}>
              Toast notifications
            </h2>
            <p className={styles.text}>
              Durations: error {TOAST_DURATION_MS.error / 1000} s, success {TOAST_DURATION_MS.success / 1000} s, warning{' '}
              {TOAST_DURATION_MS.warning / 1000} s, info {TOAST_DURATION_MS.info / 1000} s.
            </p>
            <div className={styles.buttons}>
              {TOAST_TYPES.map((type) => (
                <Button
                  key={type}
                  variant="secondary"
                  size="small"
                  onClick={() =>
                    showToast(`This is ${type === 'error' || type === 'info' ? 'an' : 'a'} ${type} toast`, type)
                  }
                >
                  Show {type} toast
                </Button>
              ))}
            </div>
          </section>

          <section className={styles.card} aria-labelledby="api-heading">
            <h2 id="api-heading" className={styles.title}>
              API errors
            </h2>
            <p className={styles.text}>Each button sends a real request that fails, and shows the message users see.</p>
            <div className={styles.buttons}>
              {SIMULATIONS.map((simulation) => (
                <Button
                  key={simulation.label}
                  variant="secondary"
                  size="small"
                  disabled={pending !== null}
                  onClick={() => void simulate(simulation)}
                >
                  {pending === simulation.label ? 'Working…' : simulation.label}
                </Button>
              ))}
            </div>
            {lastResult ? (
              <pre className={styles.result} aria-live="polite">
                {lastResult}
              </pre>
            ) : null}
          </section>

          <section className={styles.card} aria-labelledby="runtime-heading">
            <h2 id="runtime-heading" className={styles.title}>
              Runtime error
            </h2>
            <p className={styles.text}>
              Throws while rendering, so the route&apos;s error boundary takes over the page.
            </p>
            <div className={styles.buttons}>
              <Button variant="accent" size="small" onClick={() => setShouldCrash(true)}>
                Trigger runtime error
              </Button>
            </div>
          </section>
        </div>
      </Container>
    </>
  );
}
