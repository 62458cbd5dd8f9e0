import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The machine is shared: a loaded CPU must not turn a slow render into a failure.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
