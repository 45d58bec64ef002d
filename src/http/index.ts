/**
 * `jsonapi-query/http`: the framework-agnostic JSON:API request handler, and
 * adapters for node:http, Express, Fastify, fetch runtimes, Hono and Koa.
 */
export {
  createHandler,
  type Handler,
  type HandlerOptions,
  type HandlerRequest,
  type HandlerResponse,
} from './handler.js';
export type { HandlerLogger } from './error-response.js';
export type { ScopeFilter, ScopeFilters } from '../policy/scope.js';
export type { Policy, TypePolicy, WritePolicy } from '../policy/policy.js';
export { PolicyError } from '../policy/policy-error.js';
export { ScopeError } from '../policy/scope-error.js';
export { JSON_API_MEDIA_TYPE } from './negotiate.js';
export { OPERATIONS_PATH } from './write-route.js';
export { HookError, isHookError, type HookErrorInit, type HookErrorStatus } from './hook-error.js';
export type {
  HookAttributes,
  HookContext,
  HookCreate,
  HookIdentifier,
  HookLinkage,
  HookRelationshipChange,
  HookRelationships,
  HookResource,
  HookReturn,
  HookUpdate,
  TypeHooks,
  WritableOptions,
  WriteHooks,
} from './write-hooks.js';
export type { BodyReader } from './request-body.js';

// adapters
export { answerClientErrors, toNodeListener } from './adapters/node.js';
export { expressMiddleware } from './adapters/express.js';
export {
  fastifyPlugin,
  type FastifyInstanceLike,
  type FastifyReplyLike,
  type FastifyRequestLike,
} from './adapters/fastify.js';
export { toFetchHandler } from './adapters/fetch.js';
export { honoHandler } from './adapters/hono.js';
export { koaMiddleware, type KoaContextLike } from './adapters/koa.js';
