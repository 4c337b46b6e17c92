// Vitest setup for the web project: jest-dom matchers, DOM cleanup, and a desktop-sized matchMedia.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useToastStore } from '../components/toast/toast-store.ts';

// Lazy route screens are transformed on first import; on a busy 2-core machine that can take seconds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  sessionStorage.clear();
  // the toast is app-wide state: one test's toast must not open in the next test's screen
  useToastStore.getState().close();
});

// jsdom has no layout: answer min-width queries as a 1280 px wide desktop, so the sidebar is permanent.
const DESKTOP_WIDTH = 1280;
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || DESKTOP_WIDTH >= Number(min[1])) && (!max || DESKTOP_WIDTH <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  },
});
