import '@testing-library/jest-dom/vitest';
// As main.tsx does first: zod's configuration (no code generation, plain limit messages).
import '../lib/zod-config';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setCsrfToken } from '../lib/api-client';
import { failOnUnmockedCalls } from './mock-api';

// A page's first render may wait for its lazy chunk (the provider page, forms, vendor screens: ADR 0023),
// which takes more than Testing Library's default second when the machine is busy.
configure({ asyncUtilTimeout: 3000 });

beforeEach(() => {
  // jsdom does not implement scrolling.
  window.scrollTo = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  document.body.style.overflow = '';
  setCsrfToken(null);
  // Last, after the test's own afterEach hooks (vitest runs them in reverse order) and the clean-up above:
  // a call to an unmocked endpoint fails the test that made it, instead of answering 404 and maybe showing
  // an error alert that the test's own assertions find or not depending on the machine's speed.
  failOnUnmockedCalls();
});
