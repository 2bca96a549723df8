import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGE_FICHIER_TROP_GROS } from '../lib/limits';
import type { ErrorResponse } from '@estive/contracts';
import { AppError } from '../lib/errors';

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

/** One place maps every error to DESIGN §3's contract; 5xx bodies never reveal internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(
        body(error.message, error.code, {
          globalErrors: error.globalErrors,
          fieldErrors: error.fieldErrors,
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        defaultMessage: v.message ?? 'Valeur invalide',
      }));
      return reply
        .status(400)
        .send(body('Veuillez vérifier votre saisie', 'VALIDATION', { fieldErrors }));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body(MESSAGE_FICHIER_TROP_GROS, 'FILE_TOO_LARGE'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(body('Trop de tentatives, veuillez réessayer dans une minute', 'RATE_LIMITED'));
    }
    if (status < 500) {
      return reply.status(status).send(body(error.message, error.code ?? 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body(`Erreur interne du serveur (requête ${request.id})`, 'INTERNAL'));
  });
}
