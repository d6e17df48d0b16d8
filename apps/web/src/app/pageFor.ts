import type { PageModule } from './pages.tsx';

/** /login's screen: the one page whose code the first load knows without the pages table. */
const loginPage: PageModule = () => import('../features/auth/pages/LoginPage.tsx');

/** The pages table (pages.tsx) with the files each page preloads: /login does not load it. */
const loadPages = () => import('./pages.tsx');

/** The screen of a WEB_ROUTES path (the router loads it with the route, router.tsx). */
export function pageFor(path: string): PageModule {
  if (path === '/login') return loginPage;
  return async () => (await loadPages()).pageFor(path)();
}

/** The screen of an unknown address. */
export const unknownRoutePage: PageModule = async () => (await loadPages()).unknownRoutePage();
