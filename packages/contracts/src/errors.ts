import { z } from 'zod';

/** The spec's form-error contract, answered with 400 and 412, and the body of every other error. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  globalErrors: z.array(z.string()),
  fieldErrors: z.array(z.object({ field: z.string(), defaultMessage: z.string() })),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const HEADER_DROIT_ACTIF = 'x-droit-actif';
export const HEADER_APP_VERSION = 'x-app-version';
export const REFRESH_COOKIE = 'estive_refresh';
