// The signed-in shells are lazy so the login page does not load them (SessionGuard.tsx; shells.ts preloads the one a route needs).
export const loadDefaultLayout = () => import('./DefaultLayout.tsx');
export const loadPlannerLayout = () => import('./PlannerLayout.tsx');
export const loadBoardLayout = () => import('./BoardLayout.tsx');
