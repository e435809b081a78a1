import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';

/** Nest's own metadata keys (@nestjs/common/constants), which it does not export from its index. */
const PATH = 'path';
const HTTP_CODE = '__httpCode__';
const ROUTE_ARGUMENTS = '__routeArguments__';
/** RouteParamtypes.QUERY and BODY. */
const QUERY = 4;
const BODY = 3;

/** A class, as Nest and class-validator key their metadata. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Class = abstract new (...args: any[]) => unknown;

export interface OperationHandler {
  controller: Class;
  method: string;
  /** The status set with @HttpCode, if any. */
  httpCode?: number;
  /** The class of a whole `@Query()` argument. */
  queryType?: Class;
  /** The class of a whole `@Body()` argument. */
  bodyType?: Class;
}

/** Handlers by the operation id the API document gives them (`Controller_method`). */
export type OperationHandlers = Map<string, OperationHandler>;

/** Every route handler of the application, by its operation id. */
export function operationHandlers(app: INestApplication): OperationHandlers {
  const handlers: OperationHandlers = new Map();
  for (const module of app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Class | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const method of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[method];
        if (typeof handler !== 'function' || Reflect.getMetadata(PATH, handler) === undefined)
          continue;
        const types = (Reflect.getMetadata('design:paramtypes', prototype, method) ??
          []) as Class[];
        const args = Object.entries(
          (Reflect.getMetadata(ROUTE_ARGUMENTS, controller, method) ?? {}) as Record<
            string,
            { index: number; data?: unknown }
          >,
        );
        const whole = (type: number) => {
          const found = args.find(
            ([key, arg]) => key.startsWith(`${type}:`) && arg.data === undefined,
          );
          const cls = found && types[found[1].index];
          return cls && cls !== Object ? cls : undefined;
        };
        handlers.set(`${controller.name}_${method}`, {
          controller,
          method,
          httpCode: Reflect.getMetadata(HTTP_CODE, handler) as number | undefined,
          queryType: whole(QUERY),
          bodyType: whole(BODY),
        });
      }
    }
  return handlers;
}
