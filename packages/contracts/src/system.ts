import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.enum(['UP', 'DOWN']) });

/** `GET /api/ws`: browsers cannot set headers on a WebSocket, the access token comes here. */
export const wsQuerySchema = z.object({ access_token: z.string().optional() });
export const versionQuerySchema = z.object({ sha: z.string().max(100).optional() });
export const versionResponseSchema = z.object({
  /** Build id of the front end the server serves. */
  sha: z.string(),
  /** Whether the build id the caller sent is the one served. */
  current: z.boolean(),
});
export type VersionResponse = z.infer<typeof versionResponseSchema>;
