// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ErrorBoundary } from './root';

afterEach(cleanup);

function Exploding(): never {
  throw new Error('render crashed');
}

test('an unexpected render crash shows the crash fallback with Return to Home and Try Again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const Stub = createRemixStub([{ path: '/members', Component: Exploding, ErrorBoundary }]);
  render(<Stub initialEntries={['/members?x=1']} />);
  expect(await screen.findByRole('heading', { name: 'Something Went Wrong' })).toBeTruthy();
  expect(screen.getByText(/It has been logged, so the team can look into it/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  // 'Try Again' reloads the same address, with or without JavaScript.
  expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/members?x=1');
});

test('a 404 that reaches the root shows the 404 page', async () => {
  const Stub = createRemixStub([
    {
      path: '/gone',
      loader: () => {
        throw new Response(null, { status: 404 });
      },
      Component: () => null,
      ErrorBoundary,
    },
  ]);
  render(<Stub initialEntries={['/gone']} />);
  expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
});
