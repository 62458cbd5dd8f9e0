import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The jsdom screens share two cores with the API suite: a loaded CPU must not turn a slow render
// into a failure (Testing Library waits 1 s by default).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
