// Renders one dashboard piece inside the app's providers and a router, with a fresh query client.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeAuth, TestProviders } from '../../../test/render-app.tsx';

/** Renders `ui` at `/` with the providers the app uses. */
export function renderPanel(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  return render(
    <TestProviders auth={fakeAuth()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}
