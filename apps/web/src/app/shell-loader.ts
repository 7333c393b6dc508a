import { loadNamespaces } from '../lib/i18n';

/**
 * The frame of every signed-in page and its routes' guards (layout/shell-routes.tsx), with the
 * texts of its bell and its pages (lib/i18n.ts); its forms' validation messages follow on the
 * first interaction (layout/shell-layout.tsx). Also started by the warm start (warm-start.ts),
 * before the frame renders.
 */
export async function loadShell() {
  const [module] = await Promise.all([
    import('./layout/shell-routes'),
    loadNamespaces(['pages', 'notifications']),
  ]);
  return module;
}
