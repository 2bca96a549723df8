import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.enum(['UP', 'DOWN']) });

export const versionQuerySchema = z.object({ sha: z.string().max(100).optional() });
export const versionResponseSchema = z.object({
  /** Build id of the front end the server serves. */
  sha: z.string(),
  /** Whether the build id the caller sent is the one served. */
  current: z.boolean(),
});
export type VersionResponse = z.infer<typeof versionResponseSchema>;
