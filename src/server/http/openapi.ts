import { z } from 'zod';
import type { Endpoint } from '../../contracts/endpoint';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function queryParameters(e: Endpoint): Record<string, unknown>[] {
  if (!e.query) return [];
  const schema = jsonSchema(e.query, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** JSON, or for a form call its text fields and its one file as multipart or url-encoded. */
function requestBody(e: Endpoint): Record<string, unknown> {
  if (!e.body && !e.form) return {};
  const fields = (e.body ? jsonSchema(e.body, 'input') : { type: 'object', properties: {} }) as {
    properties?: Record<string, unknown>;
  };
  if (!e.form) return { requestBody: { content: { 'application/json': { schema: fields } } } };
  const file = e.form.file;
  const multipart = file
    ? {
        ...fields,
        properties: { ...fields.properties, [file]: { type: 'string', format: 'binary' } },
      }
    : fields;
  return {
    requestBody: {
      content: {
        'multipart/form-data': { schema: multipart },
        'application/x-www-form-urlencoded': { schema: fields },
        ...(e.form.acceptsJson ? { 'application/json': { schema: fields } } : {}),
      },
    },
  };
}

/** The OpenAPI document, built from the same zod schemas the routes validate with. */
export function buildOpenApi(endpoints: readonly Endpoint[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const path = e.path.replace(/:(\w+)/g, '{$1}');
    // What the handler receives: an id parameter shows as the integer it is parsed into.
    const params = e.params
      ? (jsonSchema(e.params, 'output') as { properties?: Record<string, unknown> })
      : {};
    const parameters = [
      ...[...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: (m[1] && params.properties?.[m[1]]) ?? { type: 'string' },
      })),
      ...queryParameters(e),
    ];
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      summary: e.summary,
      tags: [e.tag],
      security: e.access === 'public' ? [] : [{ session: [] }],
      parameters,
      ...requestBody(e),
      responses: {
        200: e.download
          ? {
              description: 'The file',
              content: Object.fromEntries(
                e.download.contentTypes.map((type) => [
                  type,
                  { schema: { type: 'string', format: 'binary' } },
                ]),
              ),
            }
          : {
              description: 'OK',
              content: { 'application/json': { schema: jsonSchema(e.response, 'output') } },
            },
        default: {
          description: 'Error: { code, message, error, errors[] } (error repeats message)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  code: { type: 'string' },
                  message: { type: 'string' },
                  error: { type: 'string' },
                  errors: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vaultgrid API', version: '1' },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vaultgrid_session' } },
    },
    paths,
  };
}
