import { allContracts, apiErrorSchema, type Endpoint } from '@cab/shared';
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The API document at /api/docs/json (OpenAPI 3.0.3, decision 0059), made for tools: each
 * operation named after its contract, the error answers each can give, security declared on each,
 * and schemas valid in 3.0. `openapi-lint.test.ts` lints it with Redocly's recommended rules.
 */

let names: Map<Endpoint, string> | undefined;

/** `catalogApi.categoryUpdate` is operation `catalog.categoryUpdate`; a second path names itself. */
export function operationIdOf(e: Endpoint): string | undefined {
  if (e.operationId) return e.operationId;
  names ??= new Map(allContracts().map(({ key, e }) => [e, key.replace('Api.', '.')]));
  return names.get(e);
}

/** The error answers, each with the one error shape (`Error`, SPEC 8). */
const ERROR_ANSWERS = {
  400: ['BadRequest', 'Bad input: `code` says what, `fields` names each wrong field and why'],
  401: ['NotAuthenticated', 'No valid token (`not_authenticated`)'],
  403: [
    'Forbidden',
    'The caller may not call this (`permission_denied`), or must change the password first (`password_change_required`)',
  ],
  404: ['NotFound', 'Nothing at this id that the caller may see (`not_found`)'],
  409: ['Conflict', 'The change no longer fits what is stored (an order moved on, a key reused...): `code` says what'],
  '4XX': ['Refused', 'Any refusal (too many requests, a payload too large...), with the one error shape'],
} as const;
type ErrorStatus = keyof typeof ERROR_ANSWERS;

// biome-ignore lint/suspicious/noExplicitAny: the generated document is walked as plain JSON
type Json = Record<string, any>;

/**
 * Which error answers an operation can give: 400 when it takes input, 401 and 403 when it needs a
 * token, 404 when its path names something, 409 for a signed-in write. An operation with none of
 * these (a public read without input) documents the 4XX range.
 */
function errorStatuses(path: string, method: string, op: Json): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (op.parameters?.length || op.requestBody) statuses.push(400);
  const signedIn = op.security?.length > 0;
  if (signedIn) statuses.push(401, 403);
  if (path.includes('{')) statuses.push(404);
  if (signedIn && method !== 'get') statuses.push(409);
  return statuses.length > 0 ? statuses : ['4XX'];
}

/**
 * zod's `.nullable()` on a union comes out as `{ nullable, anyOf }` and on `unknown` as
 * `{ nullable }`, neither valid in 3.0 (nullable needs a type beside it): each branch takes the
 * null instead, and an untyped schema takes null anyway. A record with an enum of keys comes out
 * with `required` keys but no `properties`: they are listed, each with the record's value schema.
 */
function fixSchema(node: Json): void {
  if (node.nullable && node.type === undefined) {
    delete node.nullable;
    for (const branch of node.anyOf ?? node.oneOf ?? []) {
      if (branch.type !== undefined) branch.nullable = true;
    }
  }
  if (Array.isArray(node.required) && typeof node.additionalProperties === 'object') {
    node.properties ??= {};
    for (const key of node.required) node.properties[key] ??= { ...node.additionalProperties };
  }
}

function walk(node: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (node && typeof node === 'object') {
    visit(node as Json);
    for (const value of Object.values(node)) walk(value, visit);
  }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

function refineDocument(doc: Json): Json {
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (!METHODS.has(method)) continue;
      for (const status of errorStatuses(path, method, op)) {
        op.responses[status] ??= { $ref: `#/components/responses/${ERROR_ANSWERS[status][0]}` };
      }
    }
  }
  walk(doc.paths, fixSchema);
  return doc;
}

/**
 * A trailing wildcard (`/api/media/*`, whose key may hold slashes) is documented as a named
 * parameter: `{*}` is no parameter name a tool can use.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const url = input.url.endsWith('*') ? `${input.url.slice(0, -1)}:path` : input.url;
  return jsonSchemaTransform({ ...input, url });
};

export function swaggerOptions(config: { version: string; publicUrl: string }): SwaggerOptions {
  const errorResponses = Object.fromEntries(
    Object.values(ERROR_ANSWERS).map(([name, description]) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cabinetry back-office API',
        version: config.version,
        // The shop's own API, licensed to nobody else: the license points at the shop's site.
        license: { name: 'Proprietary', url: config.publicUrl },
      },
      // The server that serves this document (a relative URL), wherever it is reached from.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <key>' },
        },
        schemas: { Error: z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0' }) as Json },
        responses: errorResponses,
      },
    },
    transform,
    transformObject: ({ openapiObject }: { openapiObject: Json }) => refineDocument(openapiObject),
  } as SwaggerOptions;
}
