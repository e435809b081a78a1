import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Refuses to start while a back-office route that changes something lacks `@AdminWrite`, so a
 * write can never ship without its permission check and audit row; and while a write on a user's
 * account (under /admin/users/:id) does not name that account, so none escapes the rule on
 * administrators' accounts.
 */
export function assertAdminWritesDeclared(document: OpenAPIObject): void {
  const undeclared = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, item]) =>
      (['post', 'put', 'patch', 'delete'] as const)
        .filter((method) => {
          const operation = item[method] as Record<string, unknown> | undefined;
          const declared = operation?.['x-admin-write'] as { account?: string } | undefined;
          return (
            operation &&
            (!declared || (path.startsWith('/api/admin/users/{id}') && !declared.account))
          );
        })
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
  if (undeclared.length > 0)
    throw new Error(
      `Admin write routes without @AdminWrite (or the account they act on): ${undeclared.join(', ')}`,
    );
}
