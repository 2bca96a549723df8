import type { CodeTache } from '@estive/contracts';
import { api } from '../../../lib/api';

export const lireTaches = () => api('GET /api/tache');
export const lancerTache = (code: CodeTache) =>
  api('POST /api/tache/execution', { corps: { code } });
