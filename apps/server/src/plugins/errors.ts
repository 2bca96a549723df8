import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGE_FICHIER_TROP_GROS } from '../lib/limits';
import type { ErrorResponse } from '@estive/contracts';
import { erreurPourJournal } from '../lib/erreur-journal';
import { AppError } from '../lib/errors';
import { baseAbsente } from '../lib/base-absente';

/** Fastify's own errors, in French (their messages are English and name internals). */
const JSON_INVALIDE = "Le corps de la requête n'est pas un JSON valide";
const MESSAGES_FASTIFY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: JSON_INVALIDE,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Longueur de la requête invalide',
  FST_ERR_CTP_INVALID_TYPE: 'Type de contenu invalide',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Requête trop volumineuse',
  FST_ERR_BAD_URL: 'Adresse de la requête invalide',
  FST_ERR_MAX_PARAM_LENGTH: 'Adresse de la requête trop longue',
  FST_ERR_ASYNC_CONSTRAINT: 'Adresse de la requête invalide',
  FST_FILES_LIMIT: 'Trop de fichiers dans la requête',
  FST_PARTS_LIMIT: 'Trop de parties dans la requête',
  FST_FIELDS_LIMIT: 'Trop de champs dans la requête',
  FST_PROTO_VIOLATION: 'Requête invalide',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Requête multipart attendue',
};
const MESSAGES_STATUT: Record<number, string> = {
  400: 'Requête invalide',
  401: 'Authentification requise',
  403: "Vous n'avez pas accès à cette ressource",
  404: 'Ressource introuvable',
  405: 'Méthode non autorisée',
  406: 'Format de réponse non disponible',
  408: 'Délai de la requête dépassé',
  413: 'Requête trop volumineuse',
  414: 'Adresse de la requête trop longue',
  415: 'Type de contenu non pris en charge',
  431: 'En-têtes de la requête trop volumineux',
};

const body = (
  message: string,
  code: string,
  extra: Partial<Pick<ErrorResponse, 'globalErrors' | 'fieldErrors'>> = {},
): ErrorResponse => ({
  message,
  code,
  globalErrors: extra.globalErrors ?? [],
  fieldErrors: extra.fieldErrors ?? [],
});

export const MESSAGE_BASE_ABSENTE =
  'Service momentanément indisponible, veuillez réessayer dans quelques instants';

/**
 * One place maps every error to docs/architecture.md §3's contract; 5xx bodies never reveal
 * internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Whatever a route, a hook or a library throws: a FastifyError's fields may all be missing.
  app.setErrorHandler((error: Error & Partial<FastifyError>, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(
        body(error.message, error.code, {
          globalErrors: error.globalErrors,
          fieldErrors: error.fieldErrors,
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A rule of ours on the body as a whole ('Aucune modification') names no field: its
      // message is the answer's.
      const globales = error.validation.filter(
        (v) => v.keyword === 'custom' && v.instancePath === '/' && v.message,
      );
      const premiere = globales[0]?.message;
      if (premiere && globales.length === error.validation.length) {
        const globalErrors = globales.map((v) => v.message ?? premiere);
        return reply.status(400).send(body(premiere, 'VALIDATION', { globalErrors }));
      }
      const fieldErrors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        defaultMessage: v.message ?? 'Valeur invalide',
      }));
      return reply
        .status(400)
        .send(body('Veuillez vérifier votre saisie', 'VALIDATION', { fieldErrors }));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(body(MESSAGE_FICHIER_TROP_GROS, 'FILE_TOO_LARGE'));
    }
    if (error instanceof SyntaxError && error.statusCode === undefined) {
      return reply.status(400).send(body(JSON_INVALIDE, 'BAD_JSON'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(body('Trop de tentatives, veuillez réessayer dans une minute', 'RATE_LIMITED'));
    }
    if (status < 500) {
      // Never Fastify's or a library's English text: a French message for its code or status.
      const code = error.code ?? 'BAD_REQUEST';
      const message = MESSAGES_FASTIFY[code] ?? MESSAGES_STATUT[status] ?? 'Requête invalide';
      return reply.status(status).send(body(message, code));
    }
    if (baseAbsente(error)) {
      request.log.warn({ code: error.code }, 'database unavailable');
      return reply.status(503).send(body(MESSAGE_BASE_ABSENTE, 'SERVICE_UNAVAILABLE'));
    }
    request.log.error({ erreur: erreurPourJournal(error) }, 'unhandled error');
    return reply
      .status(500)
      .send(body(`Erreur interne du serveur (requête ${request.id})`, 'INTERNAL'));
  });
}

const RAISONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (a content-length that is not a
 * number, both content-length and transfer-encoding, headers over 16 KiB, a line that is not
 * HTTP) never reaches a route. Answered in the error contract and in French, then closed.
 */
export function repondreErreurClient(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statut, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES_STATUT[431] ?? 'Requête invalide']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES_STATUT[408] ?? 'Requête invalide']
        : [400, 'Requête invalide'];
  const corps = JSON.stringify(body(message, 'BAD_REQUEST'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(statut)} ${RAISONS[statut] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${String(Buffer.byteLength(corps))}\r\n` +
        'Connection: close\r\n\r\n' +
        corps,
    );
  }
  socket.destroy();
}

/** Fastify's `frameworkErrors`: a URL it cannot decode (FST_ERR_BAD_URL) or a bad constraint. */
export function repondreErreurCadre(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message = MESSAGES_FASTIFY[error.code] ?? 'Requête invalide';
  void reply.status(400).send(body(message, error.code));
}
