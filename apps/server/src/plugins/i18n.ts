/**
 * Error answers in the caller's language: every answer with status >= 400 whose JSON body
 * has a string `detail` gets `detail` and `errors[].message` translated by Accept-Language
 * (de-CH, fr-CH, it-CH; English otherwise), with Content-Language and Vary: Accept-Language.
 * A global onSend hook (fastify-plugin, so it also covers the 404 handler and every route);
 * it works on the serialized payload, so it does not care which code path sent the error.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CONTENT_LANGUAGE,
  negotiateLanguage,
  translateErrorBody,
  type ErrorBody,
} from '../i18n/translate.ts';

/** Error bodies are a few hundred bytes; anything much larger is not one of ours. */
const MAX_ERROR_BODY = 64 * 1024;

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const fields = text.split(',').map((f) => f.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return;
  reply.header('vary', text.trim() ? `${text}, ${field}` : field);
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' && value !== null && typeof (value as { detail?: unknown }).detail === 'string'
  );
}

async function i18nPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || payload.length > MAX_ERROR_BODY)
      return payload;
    if (!/\bjson\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!isErrorBody(body)) return payload;
    const language = negotiateLanguage(request.headers['accept-language']);
    // The answer depends on Accept-Language even when it is English: caches must know.
    addVary(reply, 'Accept-Language');
    reply.header('content-language', CONTENT_LANGUAGE[language]);
    if (language === 'en') return payload;
    return JSON.stringify(translateErrorBody(body, language));
  });
}

export const i18n = fp(i18nPlugin, { name: 'marktgasse-i18n', fastify: '5.x' });
