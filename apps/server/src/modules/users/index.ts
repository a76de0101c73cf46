export { membersByIds } from './users.queries.ts';
export { usersRoutes } from './users.routes.ts';
export {
  authenticate,
  countAdmins,
  createUser,
  emailTaken,
  findMember,
  findUserByEmail,
  findUserById,
  getUser,
  isEmailTaken,
  listMembers,
  removeMember,
  replacePassword,
  setRole,
  toOrganizationUser,
  toUser,
  type UserRow,
} from './users.service.ts';
