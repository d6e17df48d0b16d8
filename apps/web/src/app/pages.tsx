import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import ComingSoonPage from '../features/placeholder/pages/ComingSoonPage.tsx';

type Page = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * The screen of each WEB_ROUTES path; each is its own chunk (React.lazy). A route without an
 * entry shows the "coming soon" page with its title.
 */
export const PAGES: Record<string, Page> = {
  '/': lazy(() => import('../features/dashboard/pages/DashboardPage.tsx')),
  '/404': lazy(() => import('../features/errors/pages/NotFoundErrorPage.tsx')),
  '/login': lazy(() => import('../features/auth/pages/LoginPage.tsx')),
  '/test': lazy(() => import('../features/core/pages/SystemCheckPage.tsx')),
  '/orders': lazy(() => import('../features/orders/pages/OrdersRedirect.tsx')),
  '/settings/password': lazy(() => import('../features/auth/pages/PasswordPage.tsx')),
  '/settings/profile/change-password': lazy(() => import('../features/auth/pages/ChangePasswordPage.tsx')),
  // Catalogue (SPEC 2 "Catalogue screens")
  '/catalog/items': lazy(() => import('../features/catalog/pages/LineItemsPage.tsx')),
  '/catalog/attachments': lazy(() => import('../features/catalog/pages/AttachmentsPage.tsx')),
  '/catalog/public': lazy(() => import('../features/catalog/pages/PublicCatalogPage.tsx')),
  '/catalog/public/category/:id': lazy(() => import('../features/catalog/pages/PublicCategoryPage.tsx')),
  '/catalog/public/subcategory/:id': lazy(() => import('../features/catalog/pages/PublicSubcategoryPage.tsx')),
  '/catalog/groups': lazy(() => import('../features/catalog/pages/ProductGroupsPage.tsx')),
  '/catalog/categories': lazy(() => import('../features/catalog/pages/CategoriesPage.tsx')),
  '/catalog/premiums/wood_species': lazy(() => import('../features/catalog/pages/WoodSpeciesPage.tsx')),
  '/catalog/premiums/door_styles': lazy(() => import('../features/catalog/pages/DoorStylesPage.tsx')),
  '/catalog/premiums/finish_options': lazy(() => import('../features/catalog/pages/FinishOptionsPage.tsx')),
  '/catalog/premiums/finished_sides': lazy(() => import('../features/catalog/pages/FinishedSidesPage.tsx')),
  '/catalog/premiums/construction_methods': lazy(() => import('../features/catalog/pages/ConstructionMethodsPage.tsx')),
  // Accounts, settings and e-mail (SPEC 2 Settings and Users)
  '/settings/users/all': lazy(() => import('../features/accounts/pages/UsersPage.tsx')),
  '/settings/users/staff': lazy(() => import('../features/accounts/pages/StaffPage.tsx')),
  '/settings/users/requests': lazy(() => import('../features/accounts/pages/AccessRequestsPage.tsx')),
  '/settings/users/:id': lazy(() => import('../features/accounts/pages/UserPage.tsx')),
  '/settings/users/company/:id': lazy(() => import('../features/accounts/pages/CompanyPage.tsx')),
  '/invitation/:invite_uuid/accept': lazy(() => import('../features/accounts/pages/AcceptInvitationPage.tsx')),
  '/settings/profile': lazy(() => import('../features/settings/pages/ProfilePage.tsx')),
  '/settings/address': lazy(() => import('../features/settings/pages/AddressPage.tsx')),
  '/settings/global': lazy(() => import('../features/settings/pages/GlobalSettingsPage.tsx')),
  '/reset-password': lazy(() => import('../features/settings/pages/ResetPasswordPage.tsx')),
  '/settings/email/templates': lazy(() => import('../features/email/pages/EmailTemplatesPage.tsx')),
  '/settings/email/templates/edit/:template_name': lazy(
    () => import('../features/email/pages/EditEmailTemplatePage.tsx'),
  ),
  '/settings/email/announcement': lazy(() => import('../features/email/pages/AnnouncementPage.tsx')),
};

export const UnknownRoutePage = lazy(() => import('../features/errors/pages/UnknownRoutePage.tsx'));

export function pageFor(path: string): Page {
  return PAGES[path] ?? ComingSoonPage;
}
