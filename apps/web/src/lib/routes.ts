import { DB_INT, MSG, type WebRoute } from '@cab/shared';
import { useMatches } from 'react-router';

/** Every route object of the router carries its WEB_ROUTES entry in `handle`. */
export interface RouteHandle {
  route: WebRoute;
}

/** The catch-all route: an unknown URL shows 'This page could not be found' (SPEC 2). */
export const UNKNOWN_ROUTE: WebRoute = { path: '*', title: MSG.pageNotFound, access: 'public' };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The WEB_ROUTES entry of the current page (the deepest match carrying one). */
export function useCurrentRoute(): WebRoute {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return UNKNOWN_ROUTE;
}

/** A path parameter that names a row (`:id`, `:company_id`...): the only ones with a fixed form. */
export function isRowIdParam(name: string): boolean {
  return name === 'id' || name.endsWith('_id');
}

/** A row id as a path segment: a positive whole number an id column can hold, digits only. */
export function isRowId(value: string | undefined): boolean {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= DB_INT.max;
}

/** True when every row-id parameter of a matched route is well formed. */
export function rowIdParamsValid(params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(params).every(([name, value]) => !isRowIdParam(name) || isRowId(value));
}
