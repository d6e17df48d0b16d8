import type { ComponentType } from 'react';

/** A page's code: a module whose default export is the screen; each is its own chunk. */
export type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * The screen of each WEB_ROUTES path but /login (pageFor.ts). A route without an entry shows the
 * "coming soon" page with its title. This table, with the list of files each page preloads, loads
 * with the first page other than /login (decision 0066).
 */
const PAGES: Record<string, PageModule> = {
  '/': () => import('../features/dashboard/pages/DashboardPage.tsx'),
  '/404': () => import('../features/errors/pages/NotFoundErrorPage.tsx'),
  '/test': () => import('../features/core/pages/SystemCheckPage.tsx'),
  '/orders': () => import('../features/orders/pages/OrdersRedirect.tsx'),
  '/orders/all': () => import('../features/orders/pages/AllOrdersPage.tsx'),
  // The same page as /orders/:id: a new order's first save keeps its builder (no remount).
  '/orders/build': () => import('../features/orders/pages/OrderPage.tsx'),
  '/orders/manage': () => import('../features/orders/pages/ManageOrdersPage.tsx'),
  '/orders/created': () => import('../features/orders/pages/CreatedOrdersPage.tsx'),
  // A business manager's approvals (issue 30)
  '/orders/approvals': () => import('../features/approvals/pages/ApprovalsPage.tsx'),
  // Production reports and the planner (decision 0031)
  '/orders/late': () => import('../features/reports/pages/LateOrdersPage.tsx'),
  '/orders/due': () => import('../features/reports/pages/DueOrdersPage.tsx'),
  '/orders/partially-completed': () => import('../features/reports/pages/PartiallyCompletedPage.tsx'),
  '/orders/completed': () => import('../features/reports/pages/CompletedOrdersPage.tsx'),
  '/orders/productivity': () => import('../features/reports/pages/ProductivityPage.tsx'),
  '/planner/orders/manage': () => import('../features/reports/pages/PlannerPage.tsx'),
  // The shop's TV (issue 29)
  '/floor': () => import('../features/floor/pages/FloorPage.tsx'),
  // Imports (decision 0030)
  '/catalog/2020/upload': () => import('../features/transfer/pages/Upload2020Page.tsx'),
  '/orders/:id': () => import('../features/orders/pages/OrderPage.tsx'),
  '/orders/:id/submit': () => import('../features/orders/pages/SubmitOrderPage.tsx'),
  '/orders/:id/shelf-list': () => import('../features/labels/pages/ShelfListPage.tsx'),
  '/orders/remakes': () => import('../features/labels/pages/RemakesPage.tsx'),
  // Production (issue 18)
  '/scan': () => import('../features/scan/pages/ScanHomePage.tsx'),
  '/scan/new': () => import('../features/scan/pages/NewScanSessionPage.tsx'),
  '/scan/session/:id': () => import('../features/scan/pages/ScanSessionPage.tsx'),
  '/scan/session/:id/scan': () => import('../features/scan/pages/ScanningPage.tsx'),
  '/orders/:id/scan_sessions': () => import('../features/scan/pages/OrderScanSessionsPage.tsx'),
  '/orders/completion-log': () => import('../features/scan/pages/CompletionLogPage.tsx'),
  '/orders/completed-cabinets': () => import('../features/scan/pages/CompletedCabinetsPage.tsx'),
  '/settings/password': () => import('../features/auth/pages/PasswordPage.tsx'),
  '/settings/profile/change-password': () => import('../features/auth/pages/ChangePasswordPage.tsx'),
  // Catalogue (SPEC 2 "Catalogue screens")
  '/catalog/items': () => import('../features/catalog/pages/LineItemsPage.tsx'),
  '/catalog/attachments': () => import('../features/catalog/pages/AttachmentsPage.tsx'),
  '/catalog/public': () => import('../features/catalog/pages/PublicCatalogPage.tsx'),
  '/catalog/public/category/:id': () => import('../features/catalog/pages/PublicCategoryPage.tsx'),
  '/catalog/public/subcategory/:id': () => import('../features/catalog/pages/PublicSubcategoryPage.tsx'),
  '/catalog/groups': () => import('../features/catalog/pages/ProductGroupsPage.tsx'),
  '/catalog/categories': () => import('../features/catalog/pages/CategoriesPage.tsx'),
  '/catalog/premiums/wood_species': () => import('../features/catalog/pages/WoodSpeciesPage.tsx'),
  '/catalog/premiums/door_styles': () => import('../features/catalog/pages/DoorStylesPage.tsx'),
  '/catalog/premiums/finish_options': () => import('../features/catalog/pages/FinishOptionsPage.tsx'),
  '/catalog/premiums/finished_sides': () => import('../features/catalog/pages/FinishedSidesPage.tsx'),
  '/catalog/premiums/construction_methods': () => import('../features/catalog/pages/ConstructionMethodsPage.tsx'),
  // Accounts, settings and e-mail (SPEC 2 Settings and Users)
  '/settings/users/all': () => import('../features/accounts/pages/UsersPage.tsx'),
  '/settings/users/approvals': () => import('../features/approvals/pages/ApprovalSettingsPage.tsx'),
  '/settings/users/staff': () => import('../features/accounts/pages/StaffPage.tsx'),
  '/settings/users/requests': () => import('../features/accounts/pages/AccessRequestsPage.tsx'),
  '/settings/users/:id': () => import('../features/accounts/pages/UserPage.tsx'),
  '/settings/users/company/:id': () => import('../features/accounts/pages/CompanyPage.tsx'),
  '/invitation/:invite_uuid/accept': () => import('../features/accounts/pages/AcceptInvitationPage.tsx'),
  '/settings/profile': () => import('../features/settings/pages/ProfilePage.tsx'),
  '/settings/address': () => import('../features/settings/pages/AddressPage.tsx'),
  '/settings/global': () => import('../features/settings/pages/GlobalSettingsPage.tsx'),
  '/reset-password': () => import('../features/settings/pages/ResetPasswordPage.tsx'),
  '/settings/email/templates': () => import('../features/email/pages/EmailTemplatesPage.tsx'),
  '/settings/email/templates/edit/:template_name': () => import('../features/email/pages/EditEmailTemplatePage.tsx'),
  '/settings/email/announcement': () => import('../features/email/pages/AnnouncementPage.tsx'),
  '/settings/jobs': () => import('../features/ops/pages/JobsPage.tsx'),
  // Finance rules (issue 17)
  '/finance/payments/options': () => import('../features/finance/pages/PaymentOptionsPage.tsx'),
  '/finance/payments/rules': () => import('../features/finance/pages/PaymentRulesPage.tsx'),
  '/finance/payments/surcharges': () => import('../features/finance/pages/SurchargesPage.tsx'),
  '/finance/discounts/bound': () => import('../features/finance/pages/BoundDiscountsPage.tsx'),
  '/finance/discounts/code': () => import('../features/finance/pages/CodeDiscountsPage.tsx'),
  '/finance/reports/aging': () => import('../features/finance/pages/AgingReportPage.tsx'),
  '/finance/reports/revenue': () => import('../features/finance/pages/RevenueReportPage.tsx'),
  '/finance/payouts': () => import('../features/finance/pages/PayoutsPage.tsx'),
  '/finance/reports/sales-tax': () => import('../features/finance/pages/SalesTaxReportPage.tsx'),
  '/finance/exports': () => import('../features/finance/pages/ExportsPage.tsx'),
  '/finance/settings': () => import('../features/settings/pages/FinanceSettingsPage.tsx'),
  // A dealer's proposals (issue 37); /p/{token} is the homeowner's page, no shell
  '/proposals': () => import('../features/proposals/pages/ProposalsPage.tsx'),
  '/proposals/report': () => import('../features/proposals/pages/ProposalReportPage.tsx'),
  '/proposals/:id': () => import('../features/proposals/pages/ProposalPage.tsx'),
  '/p/:token': () => import('../features/proposals/pages/PublicProposalPage.tsx'),
  '/settings/proposals': () => import('../features/proposals/pages/ProposalSettingsPage.tsx'),
  // Invoices, payments, credit and banks (issue 17)
  '/invoices': () => import('../features/invoices/pages/InvoicesPage.tsx'),
  '/invoices/statement': () => import('../features/invoices/pages/StatementPage.tsx'),
  '/invoices/:id': () => import('../features/invoices/pages/InvoicePage.tsx'),
  '/invoices/milestone/:id/pay': () => import('../features/invoices/pages/PayMilestonePage.tsx'),
  '/payment/success': () => import('../features/invoices/pages/PaymentSuccessPage.tsx'),
  '/payment/error': () => import('../features/invoices/pages/PaymentErrorPage.tsx'),
  '/payment/receipts': () => import('../features/invoices/pages/ReceiptsPage.tsx'),
  '/settings/banks': () => import('../features/invoices/pages/BanksPage.tsx'),
  '/settings/users/:id/invoices': () => import('../features/invoices/pages/UserInvoicesPage.tsx'),
  '/settings/users/company/:id/invoices': () => import('../features/invoices/pages/CompanyInvoicesPage.tsx'),
};

export const unknownRoutePage: PageModule = () => import('../features/errors/pages/UnknownRoutePage.tsx');

const comingSoonPage: PageModule = () => import('../features/placeholder/pages/ComingSoonPage.tsx');

export function pageFor(path: string): PageModule {
  return PAGES[path] ?? comingSoonPage;
}
