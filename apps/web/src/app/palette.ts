/**
 * Brand colours, kept free of MUI imports so the browser tests can import them too
 * (the app bar must use ERROR_MAIN in a test environment, SPEC 2).
 */
export const PRIMARY_MAIN = '#1f3a5f';
export const SECONDARY_MAIN = '#b5652b';
export const ERROR_MAIN = '#c62828';
export const BACKGROUND_DEFAULT = '#f4f6f9';
