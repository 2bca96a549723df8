import type { ErrorResponse } from '@estive/contracts';
import { schemas } from './schemas';

/** An HTTP answer other than 2xx, with the server's error body when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly corps: ErrorResponse | null,
  ) {
    super(corps?.message ?? `Erreur HTTP ${status}`);
  }

  static async depuisReponse(reponse: Response): Promise<ApiError> {
    let corps: ErrorResponse | null = null;
    try {
      const { errorResponseSchema } = await schemas();
      const parsed = errorResponseSchema.partial().safeParse(await reponse.json());
      if (parsed.success && parsed.data.message) {
        corps = {
          message: parsed.data.message,
          code: parsed.data.code ?? '',
          globalErrors: parsed.data.globalErrors ?? [],
          fieldErrors: parsed.data.fieldErrors ?? [],
        };
      }
    } catch {
      // Not JSON (a proxy's HTML page): the status alone describes the failure.
    }
    return new ApiError(reponse.status, corps);
  }
}

/** The server could not be reached at all (no network, DNS, timeout): the app goes offline. */
export class ErreurReseau extends Error {
  override readonly name = 'ErreurReseau';

  constructor(cause: unknown) {
    super('Serveur injoignable', { cause });
  }
}

export const estErreurReseau = (e: unknown): e is ErreurReseau => e instanceof ErreurReseau;
