import type { CodeTache, Tache } from '@estive/contracts';
import { getJson, postJson } from '../../../lib/api';

export const lireTaches = () => getJson<Tache[]>('/api/tache');
export const lancerTache = (code: CodeTache) =>
  postJson<{ id: string }>('/api/tache/execution', { code });
