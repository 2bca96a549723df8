import { ApiError, estErreurReseau } from '../../../lib/api';

/**
 * Issue 32 item 6: the request may have reached the server and done its work — no answer in time,
 * the network cut, or a gateway's 502/503/504. The page then reads the round again to tell the
 * user what happened, instead of an error for work that may be done.
 */
export const issueIncertaine = (e: unknown): boolean =>
  estErreurReseau(e) || (e instanceof ApiError && [502, 503, 504].includes(e.status));

export const MESSAGES_DELAI = {
  verification: "Le serveur n'a pas répondu à temps : vérification de la tournée…",
  controlesCreesApresDelai:
    "Le serveur n'a pas répondu à temps, mais la tournée relue montre les contrôles créés.",
  aucunControleCree:
    "Le serveur n'a pas répondu à temps et la tournée relue n'a aucun de ces contrôles : vous pouvez les renvoyer.",
  finaliseeApresDelai: "Le serveur n'a pas répondu à temps, mais la tournée relue est finalisée.",
  nonFinalisee:
    "Le serveur n'a pas répondu à temps et la tournée relue n'est pas finalisée : vous pouvez réessayer.",
  inconnu:
    "Le serveur n'a pas répondu et la tournée n'a pas pu être relue : le travail a peut-être été fait. Vérifiez avant de renvoyer.",
} as const;
