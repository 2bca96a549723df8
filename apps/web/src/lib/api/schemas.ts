/**
 * The contracts' zod schemas, loaded on the first answer the app checks rather than up front:
 * zod alone weighs about 45 KB gzip, a quarter of the shell's budget (issue 17, item 6). The chunk
 * is precached by the service worker like every other, so this works offline too.
 */
export const schemas = () => import('@estive/contracts');
