/**
 * The answers of an operation: its 200 answer (an item under its model's name, a collection, another JSON object or
 * a file, as RouteDocs.reply says) and one error answer per status it can give, each listing its messages.
 */
import { messages, type MessageKey } from '../i18n/messages';
import { notification } from '../i18n/translate';
import type { Reply, Route } from '../routes/types';
import { answersOf } from './answers';
import type { ComponentSchemas } from './components';
import { exampleOf, type Json, jsonSchemaOf } from './json-schema';

const NOTIFICATIONS = { $ref: '#/components/schemas/Notifications' };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: the path, query or body breaks a rule (one detail line per offending field)',
  401: 'No valid bearer token',
  403: 'The token does not allow this',
  404: 'Not found',
  409: 'Conflict with the current state',
  412: 'If-Match does not match the current ETag',
  413: 'Body too large',
  415: 'Body is not JSON',
  503: 'A dependency is unavailable or time ran out; nothing was written. Try again after Retry-After seconds',
};

const errorExample = (keys: readonly MessageKey[]) => ({ Notifications: [notification({ key: keys[0]! }, 'en')] });

function errorResponse(keys: readonly MessageKey[], status: number): Json {
  const lines = keys.map((key) => `- \`${key}\` (${messages[key].code}): ${messages[key].en}`).join('\n');
  return {
    description: `${STATUS_TEXT[status] ?? 'Error'}. One Error notification, \`Message\` one of:\n${lines}`,
    ...(status === 503 ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['Notifications'],
          properties: {
            Notifications: {
              type: 'array',
              minItems: 1,
              maxItems: 1,
              items: {
                allOf: [
                  { $ref: '#/components/schemas/Notification' },
                  {
                    properties: {
                      Type: { const: 'Error' },
                      Message: { enum: [...keys] },
                      Code: { enum: keys.map((k) => messages[k].code) },
                    },
                  },
                ],
              },
            },
          },
        },
        example: errorExample(keys),
      },
    },
  };
}

/** The JSON schema of a JSON 200 answer; a model becomes a component of the document. */
function replySchema(reply: Exclude<Reply, { media: readonly string[] }>, route: Route, components: ComponentSchemas) {
  if ('item' in reply) {
    const extra = Object.fromEntries(Object.entries(reply.extra ?? {}).map(([name, s]) => [name, jsonSchemaOf(s)]));
    return {
      type: 'object',
      additionalProperties: false,
      required: [reply.item, 'Notifications', ...Object.keys(extra)],
      properties: {
        [reply.item]: components.refTo(reply.model, reply.item, route.operation),
        Notifications: NOTIFICATIONS,
        ...extra,
      },
    };
  }
  if ('collection' in reply) {
    const item = components.refTo(reply.model, reply.collection.replace(/Collection$/, ''), route.operation);
    return {
      type: 'object',
      additionalProperties: false,
      required: [reply.collection, 'CollectionConfiguration', 'Notifications'],
      properties: {
        [reply.collection]: { type: 'array', items: item },
        CollectionConfiguration: { $ref: '#/components/schemas/CollectionConfiguration' },
        Notifications: NOTIFICATIONS,
      },
    };
  }
  const object = jsonSchemaOf(reply.object);
  return {
    ...object,
    required: [...((object.required as string[]) ?? []), 'Notifications'],
    properties: { ...(object.properties as Json), Notifications: NOTIFICATIONS },
  };
}

/** The content of the 200 answer, by media type. */
function replyContent(reply: Reply | undefined, route: Route, components: ComponentSchemas): Json {
  if (!reply)
    return {
      'application/json': {
        schema: { type: 'object', required: ['Notifications'], properties: { Notifications: NOTIFICATIONS } },
      },
    };
  if ('media' in reply)
    return Object.fromEntries(
      reply.media.map((media) => [
        media,
        { schema: media === 'application/json' ? { type: 'object' } : { type: 'string' } },
      ]),
    );
  const schema = replySchema(reply, route, components);
  const content: Json = {
    'application/json': { schema, example: exampleOf(schema, { components: components.byName }) },
  };
  for (const media of route.alternatives ?? []) content[media] = { schema: { type: 'string' } };
  return content;
}

/** Every answer of the route's operation, by status: 200 first, then each error status it can give. */
export function responsesOf(route: Route, reply: Reply | undefined, components: ComponentSchemas): Json {
  const isFile = reply !== undefined && 'media' in reply;
  const responses: Record<string, Json> = {
    200: {
      description: isFile ? 'The file' : 'The answer, with its Notifications',
      ...(route.headers?.response?.length
        ? {
            headers: Object.fromEntries(
              route.headers.response.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
            ),
          }
        : {}),
      content: replyContent(reply, route, components),
    },
  };
  for (const [status, keys] of answersOf(route)) responses[status] = errorResponse(keys, status);
  return responses;
}
