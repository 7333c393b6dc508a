import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  isRouteErrorResponse,
  matchPath,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from './router';

// The production build's router (runtime/router.tsx, ADR 027), on its own: the app's unit tests
// run on react-router, the E2E journeys on this.

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function Page({ name }: { name: string }) {
  return (
    <main>
      <h1>{name}</h1>
      <Where />
    </main>
  );
}

function ShowParams() {
  const params = useParams();
  return <p>{JSON.stringify(params)}</p>;
}

function ShowError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <p>status {error.status}</p>;
  return <p role="alert">failed: {(error as Error).message}</p>;
}

function start(routes: RouteObject[], path = '/') {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter(routes);
  render(<RouterProvider router={router} />);
  return router;
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

describe('matching', () => {
  const routes: RouteObject[] = [
    {
      element: <Outlet />,
      children: [
        { index: true, element: <Page name="home" /> },
        { path: 'items/:id', element: <ShowParams /> },
        { path: 'items/new', element: <Page name="new item" /> },
        { path: '*', element: <Page name="not found" /> },
      ],
    },
  ];

  it('ranks static segments before parameters before the splat, whatever the order', async () => {
    start(routes, '/items/new');
    expect(await screen.findByRole('heading', { name: 'new item' })).toBeInTheDocument();
    cleanup();
    start(routes, '/items/caf%C3%A9');
    expect(await screen.findByText('{"id":"café"}')).toBeInTheDocument();
    cleanup();
    start(routes, '/elsewhere/deep');
    expect(await screen.findByRole('heading', { name: 'not found' })).toBeInTheDocument();
    cleanup();
    start(routes, '/');
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
  });

  it('matches a path pattern against a whole pathname (matchPath)', () => {
    expect(matchPath('/request-content/:id', '/request-content/7')?.params).toEqual({ id: '7' });
    expect(matchPath('/request-content/:id', '/request-content/7/payment')).toBeNull();
    expect(matchPath('/Admin', '/admin/')).not.toBeNull();
    expect(matchPath('/files/*', '/files/a/b')?.params).toEqual({ '*': 'a/b' });
  });

  it('tells a location that no route matches to the first route’s error element, as a 404', async () => {
    start([{ path: 'only', element: <Page name="only" />, errorElement: <ShowError /> }], '/x');
    expect(await screen.findByText('status 404')).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('follows links in the page and leaves modified clicks to the browser', async () => {
    start(
      [
        { path: '/', element: <Link to="/next?tab=2">Next</Link> },
        { path: '/next', element: <Page name="next" /> },
      ],
      '/',
    );
    const link = await screen.findByRole('link', { name: 'Next' });
    expect(link).toHaveAttribute('href', '/next?tab=2');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'next' })).toBeInTheDocument();
    expect(where()).toBe('/next?tab=2');
    expect(window.location.pathname).toBe('/next');

    // Back: the browser's history shows the previous page again.
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('link', { name: 'Next' })).toBeInTheDocument();
  });

  it('keeps the page shown while the next one’s code loads, and shows only the latest', async () => {
    let releaseSlow: () => void = () => {};
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    function Nav() {
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => void navigate('/slow')}>slow</button>
          <button onClick={() => void navigate('/fast')}>fast</button>
          <Where />
        </>
      );
    }
    start(
      [
        { path: '/', element: <Nav /> },
        {
          path: '/slow',
          lazy: async () => {
            await slow;
            return { Component: () => <Page name="slow" /> };
          },
        },
        { path: '/fast', lazy: async () => ({ Component: () => <Page name="fast" /> }) },
      ],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'slow' }));
    // Still the first page while /slow loads.
    expect(where()).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'fast' }));
    expect(await screen.findByRole('heading', { name: 'fast' })).toBeInTheDocument();
    await act(async () => releaseSlow());
    // The slow page arrived late: the user had asked for another one since.
    expect(screen.getByRole('heading', { name: 'fast' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/fast');
  });

  it('replaces the entry for <Navigate replace> and search params set with replace', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>q={params.get('q') ?? ''}</p>
          <button
            onClick={() =>
              void setParams(
                (previous) => {
                  previous.set('q', 'food');
                  return previous;
                },
                { replace: true },
              )
            }
          >
            search
          </button>
        </>
      );
    }
    const entries = window.history.length;
    start(
      [
        { path: '/old', element: <Navigate to="/filters?page=1" replace /> },
        { path: '/filters', element: <Filters /> },
      ],
      '/old',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'search' }));
    expect(await screen.findByText('q=food')).toBeInTheDocument();
    expect(window.location.search).toBe('?page=1&q=food');
    // Two replacements: still one entry in the history, the first.
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toMatchObject({ idx: 0 });
  });
});

describe('layouts, handles and errors', () => {
  function Crumbs() {
    const handles = useMatches().map((match) => (match.handle as { name?: string })?.name);
    return <p>{handles.filter(Boolean).join(' > ')}</p>;
  }
  function Broken(): never {
    throw new Error('boom');
  }

  it('renders nested layouts through <Outlet> and gives every match’s handle', async () => {
    start(
      [
        {
          handle: { name: 'shell' },
          element: (
            <section aria-label="shell">
              <Outlet />
            </section>
          ),
          children: [{ path: 'page', handle: { name: 'page' }, element: <Crumbs /> }],
        },
      ],
      '/page',
    );
    const shell = await screen.findByRole('region', { name: 'shell' });
    expect(shell).toHaveTextContent('shell > page');
  });

  it('shows the nearest error element for a page that throws, until the next navigation', async () => {
    start(
      [
        {
          errorElement: <ShowError />,
          element: (
            <>
              <Link to="/fine">fine</Link>
              <Outlet />
            </>
          ),
          children: [
            { path: 'broken', element: <Broken />, errorElement: <ShowError /> },
            { path: 'fine', element: <Page name="fine" /> },
          ],
        },
      ],
      '/broken',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('failed: boom');
    // The layout above the page's error element is still there.
    await userEvent.click(screen.getByRole('link', { name: 'fine' }));
    expect(await screen.findByRole('heading', { name: 'fine' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error element when a route’s code cannot be loaded', async () => {
    start(
      [
        {
          path: '/',
          lazy: () => Promise.reject(new Error('offline')),
          errorElement: <ShowError />,
        },
      ],
      '/',
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('failed: offline'));
  });
});
