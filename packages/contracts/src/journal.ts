import { z } from 'zod';

/** `POST /api/log`: an error the client met, kept with the device logs (purged after 8 days). */
export const logRequestSchema = z.object({
  context: z.string().trim().min(1).max(200),
  message: z.string().max(20_000),
});
export type LogRequest = z.infer<typeof logRequestSchema>;
