import { accountsApi as api } from '@cab/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { route } from '../../http/route.ts';
import * as accessRequests from './access-requests.ts';
import * as addresses from './addresses.ts';
import * as invitations from './invitations.ts';
import * as passwords from './passwords.ts';
import * as service from './service.ts';

export function accountsRoutes(app: FastifyInstance, ctx: AppDeps) {
  route(app, api.customers, ({ query }) => service.customers(ctx, query));
  route(app, api.customer, ({ user, params }) => service.customer(ctx, user, params.id));
  route(app, api.companies, ({ query }) => service.companies(ctx, query));
  route(app, api.company, ({ user, params }) => service.company(ctx, user, params.id));
  route(app, api.personal, ({ query }) => service.personal(ctx, query));
  route(app, api.staff, ({ query }) => service.staff(ctx, query));
  route(app, api.createStaff, ({ user, body }) => service.createStaff(ctx, user, body));
  route(app, api.updateStaff, ({ user, params, body }) => service.updateStaff(ctx, user, params.id, body));
  route(app, api.businessUsers, ({ user, query }) => service.businessUsers(ctx, user, query));
  route(app, api.createBusinessUser, ({ user, body }) => service.createBusinessUser(ctx, user, body));
  route(app, api.updateBusinessUser, ({ user, params, body }) =>
    service.updateBusinessUser(ctx, user, params.id, body),
  );
  route(app, api.makeManager, ({ user, params, body }) => service.makeManager(ctx, user, params.id, body.is_manager));
  route(app, api.register, ({ user, body }) => service.register(ctx, user, body));
  route(app, api.registerBusiness, ({ user, body }) => service.registerBusiness(ctx, user, body));
  route(app, api.profile, ({ user, params }) => service.profile(ctx, user, params.id));
  route(app, api.updateProfile, ({ user, params, body }) => service.updateProfile(ctx, user, params.id, body));
  route(app, api.companyProfile, ({ user, params }) => service.companyProfile(ctx, user, params.id));
  route(app, api.updateCompanyProfile, ({ user, params, body }) =>
    service.updateCompanyProfile(ctx, user, params.id, body),
  );
  route(app, api.addresses, ({ user, params }) => addresses.list(ctx, user, params.id));
  route(app, api.addAddress, ({ user, params, body }) => addresses.add(ctx, user, params.id, body));
  route(app, api.updateAddress, ({ user, params, body }) =>
    addresses.update(ctx, user, params.id, params.addressId, body),
  );
  route(app, api.deleteAddress, ({ user, params }) => addresses.remove(ctx, user, params.id, params.addressId));
  route(app, api.meOptions, async ({ user }) => service.meOptions(user));
  route(app, api.meFilters, ({ user }) => service.meFilters(ctx, user));
  route(app, api.updateMeFilters, ({ user, body }) => service.updateMeFilters(ctx, user, body.order_filter));
  route(app, api.invite, ({ user, body }) => invitations.invite(ctx, user, body));
  route(app, api.invitation, ({ params }) => invitations.invitationInfo(ctx, params.uuid));
  route(app, api.acceptInvitation, ({ params, body }) => invitations.acceptInvitation(ctx, params.uuid, body));
  route(app, api.sendAccessRequest, ({ body, req }) => accessRequests.send(ctx, body, req.ip));
  route(app, api.accessRequests, ({ query }) => accessRequests.list(ctx, query));
  route(app, api.acceptAccessRequest, ({ user, params }) => accessRequests.accept(ctx, user, params.id));
  route(app, api.rejectAccessRequest, ({ user, params, body }) =>
    accessRequests.reject(ctx, user, params.id, body.reason),
  );
  route(app, api.forgetPassword, ({ body, req }) => passwords.forget(ctx, body.email, req.ip));
  route(app, api.resetPassword, ({ body }) => passwords.reset(ctx, body));
}
