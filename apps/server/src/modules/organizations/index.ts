export { invitationEmailJob } from './invitation-email.job.ts';
export { meRoutes } from './me.routes.ts';
export { allOrganizationIds } from './organization-ids.queries.ts';
export { organizationsRoutes } from './organizations.routes.ts';
export {
  countOrganizations,
  createOrganizationWithAdmin,
  findOrganizationBySlug,
  getOrganization,
  joinOrganization,
  type OrganizationRow,
  toOrganization,
} from './organizations.service.ts';
