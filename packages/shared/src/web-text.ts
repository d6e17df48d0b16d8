/** Labels and texts of the web shell that SPEC does not fix (SPEC strings live in messages.ts). */
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

/** Labels of the catalogue screens (SPEC 2 "Catalogue screens"); SPEC's own strings are in MSG. */
export const CATALOG_TEXT = {
  // Lists and tables
  add: 'Add',
  addItem: 'Add Item',
  importCsv: 'Import csv',
  publicCatalog: 'Public Catalog',
  updateSelected: (n: number) => `Update Selected (${n})`,
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  images: 'Images',
  columns: 'Columns',
  showColumns: 'Show columns',
  itemsPerPage: 'Items per page',
  rangeOf: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
  noRows: 'No records found',
  /** A list whose page could not be loaded (the error itself also shows in the popup). */
  listLoadFailed: 'The list could not be loaded.',
  noGroup: 'No group',
  groupIndex: 'Index',
  saveGroupIndex: 'Save group index',
  groupIndexSaved: (name: string) => `${name} index saved`,
  selectRow: 'Select row',
  selectPage: 'Select every row of this page',
  clearSelection: 'Clear selection',
  selectedCount: (n: number) => `${n} selected`,
  loading: 'Loading…',

  // Filter
  filter: 'Filter',
  clearFilters: 'Clear',
  code: 'Code',
  description: 'Description',
  categories: 'Categories',
  category: 'Category',
  manufacturerCode: 'Manufacturer Code',
  exportNameFilter: 'Export Name',
  exportNameWith: 'With',
  exportNameWithout: 'Without',
  exportNameBoth: 'Both',
  noOptions: 'No options',
  typeToSearch: 'Type to search',

  // Premium form
  finishOptions: 'Finish Options',
  woodSpecies: 'Wood Species',
  exportName: 'Export Name',
  outsideEdge: 'Outside Edge',
  panelDetail: 'Panel Detail',
  insideEdge: 'Inside Edge',
  routePattern: 'Route Pattern',
  doorStyleAttributes: 'Door style attributes',
  price: 'Price',
  percentage: 'Percentage',
  priceHint: 'A price clears the percentage',
  percentageHint: 'A percentage clears the price',
  tags: 'Tags',
  tagName: 'Name',
  tagValue: 'Value',
  addTag: 'Add tag',
  removeTag: 'Remove tag',
  exportCategory: 'Export Category',
  none: 'None',
  headerGroup: 'Header/Group',
  addGroup: 'New Group/Header',
  index: 'Index',
  useFinishOptionForExport: 'Use finish option for export',
  cabinetConstructionVertical: 'Cabinet construction is vertical',
  vertical: 'Vertical',
  newTitle: (name: string) => `New ${name}`,
  editTitle: (name: string, code: string) => `Edit ${name} ${code}`,
  identityLocked: 'Code, description and export name of a finished side come from the CSV import.',

  // Premium group dialog
  newGroupTitle: 'New Group/Header',
  groupName: 'Name',
  addButton: 'Add',
  groupCreated: (name: string) => `${name} created successfully`,

  // Delete
  deleteTitle: 'Delete',

  // CSV import
  importTitle: (what: string) => `Import ${what} from csv`,
  chooseCsv: 'Choose .csv file',
  csvColumns: 'Columns',
  csvHint: 'One row per record; rows are matched by code and updated, new codes are added.',
  import: 'Import',
  uploading: (percent: number) => `Uploading… ${percent} %`,
  importing: 'Importing…',
  failedRows: 'Rows that could not be imported',
  line: 'Line',
  reason: 'Reason',
  close: 'Close',
  downloadCsv: 'Export csv',

  // Line items
  lineItem: 'Line Item',
  attachment: 'Attachment',
  newItem: 'New Line Item',
  editItem: (code: string) => `Edit ${code}`,
  newAttachment: 'New Attachment',
  baseCategory: 'Base Category',
  width: 'Width',
  height: 'Height',
  depth: 'Depth',
  size: 'W × H × D',
  hinge: 'Hinge',
  nbBaseDoor: 'Base doors',
  nbWallDoor: 'Wall doors',
  nbTallDoor: 'Tall doors',
  nbDoorPull: 'Door pulls',
  nbDrawer: 'Drawers',
  nbDrawerPull: 'Drawer pulls',
  nbAdjustableShelf: 'Adjustable shelves',
  doors: 'Doors',
  drawers: 'Drawers',
  shelves: 'Shelves',
  exportNameN: (n: number) => `Export Name ${n}`,
  productGroup: 'Product group',
  isAttachment: 'Attachment',
  manualWorkRequired: 'Manual work required',
  exportWithFinishSide: 'Export with finish side',
  isCornerCabinet: 'Corner cabinet',
  flags: 'Flags',
  dimensionsSection: 'Size and hinge',
  countsSection: 'Doors, drawers and shelves',
  exportSection: 'Export names',
  bulkUpdateTitle: (n: number) => `Update ${n} selected items`,
  bulkUpdateHint: 'NO CHANGE leaves the value of each item as it is.',
  bulkChoiceLabels: { YES: 'YES', FALSE: 'FALSE', 'NO CHANGE': 'NO CHANGE' },
  update: 'Update',
  attachmentRow: 'Attachment (no product group preview)',

  // Product group preview
  groupPreviewTitle: 'Product group',
  noProductGroup: 'This item belongs to no product group.',
  notes: 'Notes',
  secondaryNote: 'Secondary note',
  shelfNote: 'Shelf note',
  print: 'Print',

  // Images
  imagesTitle: (code: string) => code,
  addImages: 'Add images',
  deleteImage: 'Delete image',
  dragToReorder: 'Drag to reorder',
  viewFullSize: 'View full size',
  imagesAdded: (n: number) => `${n} image${n === 1 ? '' : 's'} added`,
  imageDeleted: 'Image deleted',
  imageMoved: 'Image order saved',
  imageAlt: (code: string, index: number) => `${code} image ${index + 1}`,
  previousImage: 'Previous image',
  nextImage: 'Next image',

  // Premium selector, notes
  selectTitle: (name: string) => `Select ${name}`,
  applyFor: 'Apply For',
  applyForLabels: {
    drawer: 'Drawer Style',
    base: 'Base Door Styles',
    wall: 'Wall Door Styles',
    tall: 'Tall Door Styles',
  },
  select: 'Select',
  customNoteTitle: 'Custom Note',
  note: 'Note',
  addNote: 'Add note',

  // Construction methods
  constructionMethodsSubtitle:
    'Finish options by construction method (export category) and whether the cabinet construction is vertical.',
  unassignedMethod: 'No construction method',
  finishOptionCount: (n: number) => `${n} finish option${n === 1 ? '' : 's'}`,
  savedFinishOption: (code: string) => `${code} updated successfully`,

  // Door styles page tabs
  doorStylesTab: 'Door Styles',
  drawerStylesTab: 'Drawer Styles',

  // Public catalogue
  publicCatalogSubtitle: 'Browse the catalogue by category, subcategory and product group.',
  printableCatalog: 'Printable catalog',
  subcategoryCount: (n: number) => `${n} subcategor${n === 1 ? 'y' : 'ies'}`,
  groupCount: (n: number) => `${n} product group${n === 1 ? '' : 's'}`,
  imageCount: (n: number) => `${n} image${n === 1 ? '' : 's'}`,
  noCategories: 'The catalogue has no categories yet.',
  noSubcategories: 'This category has no subcategories yet.',
  noGroups: 'This subcategory has no product groups yet.',
  noImage: 'No image',
  backTo: (name: string) => `Back to ${name}`,
} as const;
