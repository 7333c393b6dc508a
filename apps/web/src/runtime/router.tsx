/**
 * `react-router` in the production build (ADR 027): the part of its data router API that the app
 * uses, in about 3 KB gzip where react-router costs about 30 on every first load. Development
 * and the unit tests run on react-router itself; the browser journeys (E2E) run on this build.
 *
 * Kept from react-router's behaviour: routes ranked as it ranks them (static segments before
 * `:params` before `*`), `lazy` routes loaded before a navigation is shown (the previous page
 * stays meanwhile), an error boundary per route with an `errorElement` (reset on navigation),
 * `handle`s through `useMatches`, `history.state` as `{ usr, key, idx }`, and the hooks' stable
 * identities. Not kept (the app does not use them): loaders and actions, relative paths
 * resolved against the route tree (paths resolve against the current URL), blockers,
 * `<Form>`, fetchers, scroll restoration.
 */
import {
  Component,
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType | null;
  lazy?: () => Promise<Partial<Pick<RouteObject, 'Component' | 'element' | 'errorElement'>>>;
  errorElement?: ReactNode;
  hydrateFallbackElement?: ReactNode;
  handle?: unknown;
  children?: RouteObject[];
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface UIMatch {
  id: string;
  pathname: string;
  params: Record<string, string | undefined>;
  data: undefined;
  handle: unknown;
}

interface RouteMatch {
  route: RouteObject;
  id: string;
  params: Record<string, string | undefined>;
}

interface RouterState {
  /** False until the first location's lazy routes are loaded. */
  initialized: boolean;
  location: Location;
  matches: RouteMatch[];
  /** No route matches the location: the first route's error element shows a 404. */
  notFound: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type To = string | { pathname?: string; search?: string; hash?: string };

// ---------------------------------------------------------------------------------------------
// Matching, as react-router ranks routes (its `flattenRoutes`, `computeScore`).

interface Branch {
  score: number;
  pattern: RegExp;
  paramNames: string[];
  routes: RouteObject[];
  /** Each route's id: its own, or its place in the table ("0-6-2") as react-router names it. */
  ids: string[];
}

const PARAM = /^:[\w-]+$/;

function score(path: string, index: boolean | undefined) {
  const segments = path.split('/');
  let value = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    value += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return value;
}

/** A path pattern ("/a/:id/*") as a regular expression over a whole pathname. */
function compile(path: string): { pattern: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        paramNames.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    paramNames.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { pattern: new RegExp(source, 'i'), paramNames };
}

function joinPaths(parent: string, child: string) {
  return `${parent}/${child}`.replace(/\/\/+/g, '/');
}

function flatten(
  routes: RouteObject[],
  parents: { routes: RouteObject[]; ids: string[]; path: string } = {
    routes: [],
    ids: [],
    path: '',
  },
): Branch[] {
  const branches: Branch[] = [];
  routes.forEach((route, position) => {
    const path = route.path?.startsWith('/')
      ? route.path
      : joinPaths(parents.path, route.path ?? '');
    const place = [parents.ids.at(-1), position].filter((part) => part !== undefined).join('-');
    const chain = {
      routes: [...parents.routes, route],
      ids: [...parents.ids, route.id ?? place],
      path,
    };
    if (route.children?.length) branches.push(...flatten(route.children, chain));
    if (route.path === undefined && !route.index) return;
    branches.push({
      score: score(path, route.index),
      routes: chain.routes,
      ids: chain.ids,
      ...compile(path),
    });
  });
  return branches;
}

function rank(routes: RouteObject[]): Branch[] {
  // Array.prototype.sort is stable: equal scores keep the table's order.
  return flatten(routes).sort((a, b) => b.score - a.score);
}

function decode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function paramsOf(match: RegExpExecArray, names: string[]) {
  const params: Record<string, string | undefined> = {};
  names.forEach((name, i) => {
    const value = match[i + 1];
    params[name] = value === undefined ? undefined : decode(value);
  });
  return params;
}

function matchBranches(branches: Branch[], pathname: string): RouteMatch[] | null {
  for (const branch of branches) {
    const found = branch.pattern.exec(pathname);
    if (!found) continue;
    const params = paramsOf(found, branch.paramNames);
    return branch.routes.map((route, depth) => ({ route, id: branch.ids[depth]!, params }));
  }
  return null;
}

export interface PathMatch {
  params: Record<string, string | undefined>;
  pathname: string;
  pattern: { path: string };
}

/** matchPath's patterns, compiled once: menus check theirs on every render. */
const compiledPatterns = new Map<string, ReturnType<typeof compile>>();

/** Whether a whole pathname matches a pattern such as "/request-content/:id". */
export function matchPath(pattern: string, pathname: string): PathMatch | null {
  let compiled = compiledPatterns.get(pattern);
  if (!compiled) {
    compiled = compile(pattern);
    compiledPatterns.set(pattern, compiled);
  }
  const { pattern: regExp, paramNames } = compiled;
  const found = regExp.exec(pathname);
  return found
    ? { params: paramsOf(found, paramNames), pathname, pattern: { path: pattern } }
    : null;
}

// ---------------------------------------------------------------------------------------------
// The router: the location, its matches, navigation through the History API.

interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function currentLocation(): Location {
  const state = (window.history.state ?? {}) as HistoryState;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
}

function hrefOf(to: To, base: string): URL {
  if (typeof to === 'string') return new URL(to, base);
  const url = new URL(base);
  if (to.pathname !== undefined) url.pathname = to.pathname;
  url.search = to.search ?? '';
  url.hash = to.hash ?? '';
  return url;
}

export interface Router {
  readonly state: RouterState;
  subscribe: (listener: () => void) => () => void;
  navigate: (to: To | number, options?: NavigateOptions) => Promise<void>;
}

class BrowserRouter implements Router {
  state: RouterState;
  private readonly branches: Branch[];
  private readonly listeners = new Set<() => void>();
  private readonly loading = new WeakMap<RouteObject, Promise<void>>();
  /** Only the latest navigation commits (an earlier one still loading is dropped). */
  private navigationId = 0;
  private index: number;

  constructor(private readonly routes: RouteObject[]) {
    this.branches = rank(routes);
    const location = currentLocation();
    const state = (window.history.state ?? {}) as HistoryState;
    this.index = state.idx ?? 0;
    if (state.idx === undefined) {
      window.history.replaceState({ ...state, idx: this.index }, '');
    }
    const matches = matchBranches(this.branches, location.pathname);
    this.state = { initialized: false, location, matches: matches ?? [], notFound: !matches };
    window.addEventListener('popstate', () => {
      const popped = (window.history.state ?? {}) as HistoryState;
      this.index = popped.idx ?? 0;
      void this.show(currentLocation());
    });
    void this.show(location);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  /** Where a location no route matches is told (react-router: the first route's). */
  rootErrorElement = (): ReactNode => this.routes[0]?.errorElement ?? null;

  navigate = async (to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const url = hrefOf(to, window.location.href);
    const location: Location = {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      state: options.state ?? null,
      key: newKey(),
    };
    await this.show(location, () => {
      const replace = options.replace === true;
      if (!replace) this.index += 1;
      const entry: HistoryState = { usr: location.state, key: location.key, idx: this.index };
      const href = `${location.pathname}${location.search}${location.hash}`;
      if (replace) window.history.replaceState(entry, '', href);
      else window.history.pushState(entry, '', href);
    });
  };

  /** Loads what the location's routes lack, then shows it (unless a newer one came first). */
  private async show(location: Location, record?: () => void) {
    const id = ++this.navigationId;
    const matches = matchBranches(this.branches, location.pathname);
    if (matches) await Promise.all(matches.map(({ route }) => this.load(route)));
    if (id !== this.navigationId) return;
    record?.();
    this.state = { initialized: true, location, matches: matches ?? [], notFound: !matches };
    for (const listener of this.listeners) listener();
  }

  private load(route: RouteObject): Promise<void> {
    const lazy = route.lazy;
    if (!lazy) return Promise.resolve();
    let loading = this.loading.get(route);
    if (!loading) {
      loading = lazy().then(
        (loaded) => {
          Object.assign(route, loaded);
          delete route.lazy;
        },
        (error: unknown) => {
          // As react-router: the route's error element shows the failure.
          route.Component = function RouteLoadFailed() {
            throw error;
          };
          delete route.lazy;
        },
      );
      this.loading.set(route, loading);
    }
    return loading;
  }
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return new BrowserRouter(routes);
}

// ---------------------------------------------------------------------------------------------
// Rendering.

const RouterContext = createContext<BrowserRouter | null>(null);
const StateContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('The router hooks work only below <RouterProvider>');
  return router;
}
function useRouterState() {
  const state = useContext(StateContext);
  if (!state) throw new Error('The router hooks work only below <RouterProvider>');
  return state;
}

/** What react-router gives an error element for a location no route matches. */
export interface ErrorResponse {
  status: number;
  statusText: string;
  internal: boolean;
  data: unknown;
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  const value = error as Partial<ErrorResponse> | null;
  return (
    value != null &&
    typeof value.status === 'number' &&
    typeof value.statusText === 'string' &&
    typeof value.internal === 'boolean' &&
    'data' in value
  );
}

interface BoundaryProps {
  location: Location;
  errorElement: ReactNode;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  location: Location;
}

/** A route's error element in place of what threw below it, until the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.location === state.location
      ? null
      : { error: undefined, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A route failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        {this.props.errorElement}
      </RouteErrorContext.Provider>
    );
  }
}

function renderMatches(matches: RouteMatch[], location: Location, depth = 0): ReactNode {
  const match = matches[depth];
  if (!match) return null;
  const { route } = match;
  const RouteComponent = route.Component;
  const element = route.element ?? (RouteComponent ? <RouteComponent /> : <Outlet />);
  const withOutlet = (
    <OutletContext.Provider value={renderMatches(matches, location, depth + 1)}>
      {element}
    </OutletContext.Provider>
  );
  if (route.errorElement === undefined) return withOutlet;
  return (
    <RouteErrorBoundary location={location} errorElement={route.errorElement}>
      {withOutlet}
    </RouteErrorBoundary>
  );
}

export function RouterProvider({ router }: { router: Router }) {
  const browserRouter = router as BrowserRouter;
  const state = useSyncExternalStore(browserRouter.subscribe, browserRouter.getState);
  const firstRoute = state.matches[0]?.route;
  let content: ReactNode;
  if (!state.initialized) content = firstRoute?.hydrateFallbackElement ?? null;
  else if (state.notFound) {
    const notFound: ErrorResponse = {
      status: 404,
      statusText: 'Not Found',
      internal: true,
      data: '',
    };
    content = (
      <RouteErrorContext.Provider value={notFound}>
        {browserRouter.rootErrorElement()}
      </RouteErrorContext.Provider>
    );
  } else content = renderMatches(state.matches, state.location);
  return (
    <RouterContext.Provider value={browserRouter}>
      <StateContext.Provider value={state}>{content}</StateContext.Provider>
    </RouterContext.Provider>
  );
}

export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

// ---------------------------------------------------------------------------------------------
// Hooks and links.

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigate() {
  return useRouter().navigate;
}

export function useParams<T extends Record<string, string | undefined>>(): Readonly<Partial<T>> {
  const { matches } = useRouterState();
  return (matches.at(-1)?.params ?? {}) as Partial<T>;
}

export function useMatches(): UIMatch[] {
  const { matches, location } = useRouterState();
  return useMemo(
    () =>
      matches.map(({ route, id, params }) => ({
        id,
        pathname: location.pathname,
        params,
        data: undefined,
        handle: route.handle,
      })),
    [matches, location.pathname],
  );
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

type SearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];

export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => Promise<void>,
] {
  const { search } = useLocation();
  const { navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (
      next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const value =
        typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next;
      const query = new URLSearchParams(value).toString();
      return navigate(
        { pathname: window.location.pathname, search: query ? `?${query}` : '' },
        options,
      );
    },
    [navigate],
  );
  return [params, setParams];
}

export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { navigate } = useRouter();
  useEffect(() => {
    void navigate(to, {
      ...(replace ? { replace } : {}),
      ...(state === undefined ? {} : { state }),
    });
    // Once, on mount, as react-router's <Navigate>.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

const isModifiedClick = (event: MouseEvent) =>
  event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** An `<a href>` that navigates in the page on a plain left click. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, onClick, target, ...anchor },
  ref,
) {
  const { navigate } = useRouter();
  const url = hrefOf(to, window.location.href);
  const href =
    url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  return (
    <a
      {...anchor}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          (target && target !== '_self') ||
          isModifiedClick(event)
        ) {
          return;
        }
        event.preventDefault();
        void navigate(href, {
          ...(replace ? { replace } : {}),
          ...(state === undefined ? {} : { state }),
        });
      }}
    />
  );
});
