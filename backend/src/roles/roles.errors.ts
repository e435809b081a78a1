import { AppException } from '../common/app.exception.js';

/** The roles feature's errors, each code with its message. */
export const ROLES_ERRORS = {
  notFound: 'Role not found.',
  userNotFound: 'User not found.',
  exists: () => new AppException('role_exists', 409, 'A role with this name already exists.'),
  ownerFixed: () =>
    new AppException(
      'owner_role',
      409,
      'The Owner role is built in: it always has every permission and cannot be renamed or deleted.',
    ),
  inUse: (holders: number) =>
    new AppException(
      'role_in_use',
      409,
      `This role is held by ${holders} administrator${holders === 1 ? '' : 's'}. Take it away from them first.`,
    ),
  lastOwner: () =>
    new AppException('last_owner', 409, 'At least one administrator must keep the Owner role.'),
  notAdmin: () => new AppException('not_admin', 409, 'Only administrators can hold roles.'),
  unknownRoles: () =>
    new AppException('validation_failed', 400, 'One or more roles do not exist.', {
      role_ids: 'One or more roles do not exist.',
    }),
} as const;
