/**
 * Labels and texts of the web shell that SPEC does not fix (SPEC strings live in messages.ts).
 * A module apart from the screens' texts (web-text.ts): every page's first load, /login's
 * included, reads these, and only these (decision 0066).
 */
const appName = 'Cabinetry Back-office';

export const WEB_TEXT = {
  appName,
  appTagline: 'Orders, invoices, payments and catalogue',
  copyright: (year: number) => `© ${year} ${appName}`,
  hello: (firstName: string) => `Hello, ${firstName}`,
  loading: 'Loading…',
  /** A range of days' two ends (DateRangeFields). */
  dateFrom: 'From',
  dateTo: 'To',
  ok: 'OK',
  cancel: 'Cancel',
  // The submit of a dialog that edits a record, and of one that makes a new one.
  save: 'Save',
  create: 'Create',
  transactionId: 'Transaction ID',
  serverUnreachable: 'The server could not be reached.',

  // Login page links
  forgotPassword: 'Forgot your password?',
  requestAccess: 'No account yet? Request access',

  // Shell
  logout: 'Log out',
  openNavigation: 'Open navigation',
  mainNavigation: 'Main navigation',
  accountMenu: 'Account',
  testEnvironment: 'Test environment',
  opensInNewTab: '(opens in a new tab)',
  plannerTitle: 'Planner',
  backToOrders: 'Back to orders',

  // Sign in
  signInTitle: 'Sign in',
  signInSubtitle: 'Use the e-mail address and password of your account.',
  signInButton: 'Sign in',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',

  // Passwords
  passwordPageSubtitle: 'Change the password you use to sign in. Other sessions are signed out.',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  passwordHint: 'At least 8 characters.',
  updatePasswordButton: 'Update password',
  setPasswordButton: 'Set new password',
  passwordResetRequired: 'Your password must be changed before you can continue. Choose a new password.',

  // Dashboard
  recentActivity: 'Recent activity',
  noRecentActivity: 'No recent activity yet.',
  dashboardUnavailable: 'The dashboard could not be loaded.',

  // System check (/test)
  systemCheckSubtitle: 'Environment of this deployment and the account you are signed in with.',
  environmentLabel: 'Environment',
  testEnvironmentLabel: 'Test environment',
  versionLabel: 'Version',
  signedInAsLabel: 'Signed in as',
  roleLabel: 'Role',
  companyLabel: 'Company',
  yes: 'Yes',
  no: 'No',

  // Placeholders and errors
  comingSoon: 'This screen is coming soon.',
  comingSoonHint: 'It is part of a later release of the back-office.',
  tryAgain: 'Try again',
} as const;
