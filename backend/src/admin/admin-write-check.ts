import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Refuses to start while a back-office route that changes something lacks `@AdminWrite`, so a
 * write can never ship without its permission check and audit row.
 */
export function assertAdminWritesDeclared(document: OpenAPIObject): void {
  const undeclared = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, item]) =>
      (['post', 'put', 'patch', 'delete'] as const)
        .filter((method) => {
          const operation = item[method] as Record<string, unknown> | undefined;
          return operation && !operation['x-admin-write'];
        })
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
  if (undeclared.length > 0)
    throw new Error(`Admin write routes without @AdminWrite: ${undeclared.join(', ')}`);
}
