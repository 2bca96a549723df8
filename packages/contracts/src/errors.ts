import { z } from 'zod';

/** The spec's form-error contract, answered with 400 and 412, and the body of every other error. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  globalErrors: z.array(z.string()),
  fieldErrors: z.array(z.object({ field: z.string(), defaultMessage: z.string() })),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

// In a module without zod, so that the web shell can name the headers without loading zod.
export { HEADER_APP_VERSION, HEADER_DROIT_ACTIF, REFRESH_COOKIE } from './headers';
