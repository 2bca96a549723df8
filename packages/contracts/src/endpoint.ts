import { z } from 'zod';

/**
 * An answer that is not JSON: a download (XLSX, PDF, a stored file, an image), plain text
 * (metrics), a redirection (the identity provider's flow) or a WebSocket upgrade.
 */
export interface ReponseBrute {
  readonly brute: 'xlsx' | 'pdf' | 'fichier' | 'image' | 'texte' | 'redirection' | 'websocket';
}

/**
 * One operation of the API, declared once: the server registers its handler against it
 * (`route(app, 'GET /api/x/{id}', handler)`), the web client calls it by the same key, and the
 * OpenAPI document, the authorisation matrix and the hostile-input suite read it from the routes.
 */
export interface Endpoint {
  /** OpenAPI summary, in the spec's French. */
  resume?: string;
  /** OpenAPI description: what the operation does when a summary line cannot say it. */
  description?: string;
  /** Path parameters: one per `{name}` of the key. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  corps?: z.ZodType;
  /** A multipart body the handler reads part by part (files). */
  multipart?: true;
  /** The answer: a schema, or what the route sends as it is. */
  reponse: z.ZodType | ReponseBrute;
  /** The success status when not 200 (201 for a creation; a `rien` answer is 204). */
  statut?: 201 | 202;
  /** The refusals the document names, each answered with the error body (`errorResponseSchema`). */
  erreurs?: readonly StatutErreur[];
  /** Answers beside the success and the refusals: a health check's 503, a logout's 204. */
  autresReponses?: Readonly<Partial<Record<204 | 503, z.ZodType>>>;
  /**
   * What the web checks and types of the answer, when parsing all of it costs more than it tells:
   * a sync feed's envelope (docs/decisions.md). The server still serialises with `reponse`.
   */
  reponseClient?: z.ZodType;
}

/** A refusal an operation may document. */
export type StatutErreur = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** A 204: no body. */
export const rien = z.null();

// The nature stays in the type: a WebSocket route takes a socket handler (apps/server lib/route.ts).
const brute = <N extends ReponseBrute['brute']>(nature: N): { readonly brute: N } => ({
  brute: nature,
});
export const reponseXlsx = brute('xlsx');
export const reponsePdf = brute('pdf');
export const reponseFichier = brute('fichier');
export const reponseImage = brute('image');
export const reponseTexte = brute('texte');
export const redirection = brute('redirection');
export const websocket = brute('websocket');
