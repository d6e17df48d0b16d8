import { accountsApi as api, approvalsApi } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import * as accessRequests from './access-requests.ts';
import * as addresses from './addresses.ts';
import * as approvals from './approvals.ts';
import * as invitations from './invitations.ts';
import * as passwords from './passwords.ts';
import * as service from './service.ts';

export function accountsRoutes(app: FastifyInstance) {
  route(app, api.customers, ({ ctx, query }) => service.customers(ctx, query));
  route(app, api.customer, ({ ctx, params }) => service.customer(ctx, params.id));
  route(app, api.companies, ({ ctx, query }) => service.companies(ctx, query));
  route(app, api.company, ({ ctx, params }) => service.company(ctx, params.id));
  route(app, api.personal, ({ ctx, query }) => service.personal(ctx, query));
  route(app, api.staff, ({ ctx, query }) => service.staff(ctx, query));
  route(app, api.createStaff, ({ ctx, body }) => service.createStaff(ctx, body));
  route(app, api.updateStaff, ({ ctx, params, body }) => service.updateStaff(ctx, params.id, body));
  route(app, api.businessUsers, ({ ctx, query }) => service.businessUsers(ctx, query));
  route(app, api.createBusinessUser, ({ ctx, body }) => service.createBusinessUser(ctx, body));
  route(app, api.updateBusinessUser, ({ ctx, params, body }) => service.updateBusinessUser(ctx, params.id, body));
  route(app, api.makeManager, ({ ctx, params, body }) => service.makeManager(ctx, params.id, body.is_manager));
  route(app, api.register, ({ ctx, body }) => service.register(ctx, body));
  route(app, api.registerBusiness, ({ ctx, body }) => service.registerBusiness(ctx, body));
  route(app, api.profile, ({ ctx, params }) => service.profile(ctx, params.id));
  route(app, api.updateProfile, ({ ctx, params, body }) => service.updateProfile(ctx, params.id, body));
  route(app, api.companyProfile, ({ ctx, params }) => service.companyProfile(ctx, params.id));
  route(app, api.updateCompanyProfile, ({ ctx, params, body }) => service.updateCompanyProfile(ctx, params.id, body));
  // Business approvals (issue 30): the company's rule and its employees' spending limits.
  route(app, approvalsApi.companyApprovals, ({ ctx, params }) => approvals.companyApprovals(ctx, params.id));
  route(app, approvalsApi.updateCompanyApprovals, ({ ctx, params, body }) =>
    approvals.updateCompanyApprovals(ctx, params.id, body),
  );
  route(app, api.addresses, ({ ctx, params }) => addresses.list(ctx, params.id));
  route(app, api.addAddress, ({ ctx, params, body }) => addresses.add(ctx, params.id, body));
  route(app, api.updateAddress, ({ ctx, params, body }) => addresses.update(ctx, params.id, params.addressId, body));
  route(app, api.deleteAddress, ({ ctx, params }) => addresses.remove(ctx, params.id, params.addressId));
  route(app, api.meOptions, async ({ ctx }) => service.meOptions(ctx));
  route(app, api.meFilters, ({ ctx }) => service.meFilters(ctx));
  route(app, api.updateMeFilters, ({ ctx, body }) => service.updateMeFilters(ctx, body.order_filter));
  route(app, api.invite, ({ ctx, body }) => invitations.invite(ctx, body));
  route(app, api.invitation, ({ ctx, params }) => invitations.invitationInfo(ctx, params.uuid));
  route(app, api.acceptInvitation, ({ ctx, params, body }) => invitations.acceptInvitation(ctx, params.uuid, body));
  route(app, api.sendAccessRequest, ({ ctx, body, req }) => accessRequests.send(ctx, body, req.ip));
  route(app, api.accessRequests, ({ ctx, query }) => accessRequests.list(ctx, query));
  route(app, api.acceptAccessRequest, ({ ctx, params }) => accessRequests.accept(ctx, params.id));
  route(app, api.rejectAccessRequest, ({ ctx, params, body }) => accessRequests.reject(ctx, params.id, body.reason));
  route(app, api.forgetPassword, ({ ctx, body, req }) => passwords.forget(ctx, body.email, req.ip));
  route(app, api.resetPassword, ({ ctx, body }) => passwords.reset(ctx, body));
}
