/**
 * The messages the web app's first load shows (the error pages' titles and link: RouteErrorPage,
 * AppErrorBoundary, the unknown route), part of `MSG` (message-list.ts). A module of their own, so
 * the bundle puts them in the entry and every other message in the chunks that read it (decision 0066).
 */
export const pageNotFound = 'This page could not be found';
export const errorPageNotFound = '404 Not Found';
export const errorPageGeneric = 'An error occurred';
export const homePage = 'Home page';
