/**
 * JSON request bodies: Middy's parser (415 for another media type, malformed JSON as 422, which the envelope turns
 * into 400), then a pass over the same text's tokens (jsonc-parser's scanner, names unescaped) that refuses a member
 * named twice in one object: JSON.parse would keep the last one silently. The scanner loads with the first body, from
 * a file beside the bundle (infra/bundling.ts LAZY_MODULES): no cold start compiles it.
 */
import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { SyntaxKind } from 'jsonc-parser';
import { badRequest } from '../errors';
import type { ApiContext, ApiEvent, ApiResult } from './types';

// jsonc-parser declares its token kinds as a const enum, which this build (isolated modules) cannot inline.
const TOKEN = {
  openBrace: 1,
  closeBrace: 2,
  openBracket: 3,
  closeBracket: 4,
  comma: 5,
  string: 10,
  end: 17,
} as const satisfies Record<string, SyntaxKind>;

/**
 * The members named more than once in an object of a (valid) JSON text, each by its path (`Name`, `Upload.Fields`,
 * `Items.0.Name`). A loop over the token stream, so any depth of nesting costs no stack.
 */
export async function duplicateMembers(text: string): Promise<string[]> {
  const { createScanner } = await import('./json-scanner.js');
  const scanner = createScanner(text, true);
  // Per open object its names so far and whether a name comes next; per open array its index. `at` is where it is.
  const open: { names?: Set<string>; nameNext: boolean; at: string | number }[] = [];
  const found = new Set<string>();
  for (let token = scanner.scan(); token !== TOKEN.end; token = scanner.scan()) {
    const current = open.at(-1);
    if (token === TOKEN.openBrace) open.push({ names: new Set(), nameNext: true, at: '' });
    else if (token === TOKEN.openBracket) open.push({ nameNext: false, at: 0 });
    else if (token === TOKEN.closeBrace || token === TOKEN.closeBracket) open.pop();
    else if (token === TOKEN.comma && current) {
      if (current.names) current.nameNext = true;
      else current.at = Number(current.at) + 1;
    } else if (token === TOKEN.string && current?.names && current.nameNext) {
      const name = scanner.getTokenValue();
      current.nameNext = false;
      current.at = name;
      if (current.names.has(name)) found.add(open.map((o) => o.at).join('.'));
      current.names.add(name);
    }
  }
  return [...found];
}

/**
 * Middy's JSON body parser, then 400 naming each member given twice. With `optional`, a request with no body and no
 * Content-Type is one without a body (`body` undefined).
 */
export const jsonBody = (optional: boolean): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> => {
  const parse = httpJsonBodyParser().before!;
  return {
    before: async (request) => {
      const { body, isBase64Encoded, headers } = request.event;
      if (optional && (body === undefined || body === '') && !headers?.['content-type']) {
        request.event.body = undefined;
        return;
      }
      // The text the parser reads (it decodes base64 the same way).
      const text =
        typeof body !== 'string' ? undefined : isBase64Encoded ? Buffer.from(body, 'base64').toString() : body;
      await parse(request as never);
      const repeated = text === undefined ? [] : await duplicateMembers(text);
      if (repeated.length) throw badRequest(repeated.map((field) => ({ key: 'detail.repeated', params: { field } })));
    },
  };
};
