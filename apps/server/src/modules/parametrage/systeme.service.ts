import type { PointSysExpEcriture, PointSysExpPatch, SystemeParametrage } from '@estive/contracts';
import {
  analyserFormule,
  controlerFormule,
  messageDefautFormule,
  type LigneArchivee,
} from '@estive/domain';
import { requireParametrage, requirePerimetre, type Acteur } from '../../lib/acteur';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { GroupeLu, LigneLue, SystemeRepository } from './systeme.repository';

const GROUPE_INTROUVABLE = "Ce groupe n'est pas dans votre périmètre";
const LIGNE_INTROUVABLE = "Cette ligne n'est pas dans votre périmètre";
const champ = (field: string, defaultMessage: string) =>
  invalid('Veuillez vérifier votre saisie', [], [{ field, defaultMessage }]);

const codesLus = (formule: string | null): string[] => {
  if (!formule) return [];
  const a = analyserFormule(formule);
  return a.ok ? a.codes : [];
};

/** The other lines whose formula reads `code` (case-blind, as the engine). */
const lecteurs = (lignes: readonly LigneLue[], code: string, sauf?: string) =>
  lignes.filter(
    (l) => l.id !== sauf && !l.archive && codesLus(l.formule).includes(code.toLowerCase()),
  );

/**
 * A line's formula must compute on every device that gets it: for each label of its group, the
 * grid of that label holds the non-archived lines of the non-archived groups of that label, and
 * the formula must parse, read only those codes, and not loop (domain `controlerFormule`).
 */
function verifierFormule(
  code: string,
  formule: string,
  groupe: GroupeLu,
  groupes: readonly GroupeLu[],
  lignes: readonly LigneLue[],
  soi: string | undefined,
) {
  for (const aop of groupe.aopIgpIds) {
    const visibles = new Set(
      groupes.filter((g) => !g.archive && g.aopIgpIds.includes(aop)).map((g) => g.id),
    );
    visibles.add(groupe.id);
    const grille = lignes.filter((l) => l.id !== soi && !l.archive && visibles.has(l.groupeId));
    // Lines of this label left out because they or their group are archived: the refusal says
    // so (issue 32, item 5) instead of calling a line the user sees in the settings unknown.
    const archivees = lignes.flatMap((l): LigneArchivee[] => {
      const g = groupes.find((x) => x.id === l.groupeId);
      if (l.id === soi || !g || (g.id !== groupe.id && !g.aopIgpIds.includes(aop))) return [];
      if (l.archive) return [{ code: l.code, groupeArchive: null }];
      return visibles.has(g.id) ? [] : [{ code: l.code, groupeArchive: g.libelle }];
    });
    const defaut = controlerFormule(code, formule, grille, archivees);
    if (defaut) throw champ('formule', messageDefautFormule(defaut));
  }
}

export function createSystemeService(repo: SystemeRepository) {
  async function aopsValides(odg: number, ids: string[]) {
    const connus = await repo.aopsDuPerimetre(odg, ids.map(Number));
    if (connus.length !== new Set(ids).size)
      throw champ('aopIgpIds', "Une des AOP-IGP n'est pas dans votre périmètre");
    return connus.map(Number);
  }

  /** The checks of a new or changed line, run on the ODG's lines read under the lock. */
  const verifierLigne =
    (id: string | undefined, v: PointSysExpPatch) => (groupes: GroupeLu[], lignes: LigneLue[]) => {
      const avant = lignes.find((l) => l.id === id);
      const groupeId = v.groupeSystemeExploitationId ?? avant?.groupeId;
      const groupe = groupes.find((g) => g.id === groupeId);
      if (!groupe) throw champ('groupeSystemeExploitationId', GROUPE_INTROUVABLE);
      const code = v.code ?? avant?.code ?? '';
      if (lignes.some((l) => l.id !== id && l.code.toLowerCase() === code.toLowerCase()))
        throw champ('code', "Ce code est déjà utilisé dans le système d'exploitation");
      if (avant && code.toLowerCase() !== avant.code.toLowerCase()) {
        const l = lecteurs(lignes, avant.code, id).at(0);
        if (l)
          throw champ(
            'code',
            `Ce code est lu par la formule de la ligne ${l.code} : modifiez-la d'abord`,
          );
      }
      if (avant && v.archive === true && !avant.archive) {
        const l = lecteurs(lignes, avant.code, id).at(0);
        if (l)
          throw champ(
            'archive',
            `Cette ligne est lue par la formule de la ligne ${l.code} : elle ne peut pas être archivée`,
          );
      }
      const formule = v.formule !== undefined ? v.formule : (avant?.formule ?? null);
      if (formule) verifierFormule(code, formule, groupe, groupes, lignes, id);
    };

  return {
    async systeme(acteur: Acteur): Promise<SystemeParametrage> {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const [groupes, lignes] = await Promise.all([repo.groupes(odg), repo.lignes(odg)]);
      return {
        groupes: groupes.map((g) => ({
          ...g,
          points: lignes
            .filter((l) => l.groupeId === g.id)
            .map(({ groupeId: _g, liee, ...l }) => ({
              ...l,
              utilise: liee || lecteurs(lignes, l.code, l.id).length > 0,
            })),
        })),
      };
    },

    async creerGroupe(acteur: Acteur, v: { libelle: string; aopIgpIds: string[] }) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const id = await repo.creerGroupe(odg, v.libelle, await aopsValides(odg, v.aopIgpIds));
      return { id: String(id) };
    },

    async modifierGroupe(
      acteur: Acteur,
      id: number,
      v: { libelle?: string; aopIgpIds?: string[]; archive?: boolean },
    ) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      if (!(await repo.groupes(odg)).some((g) => g.id === String(id)))
        throw notFound(GROUPE_INTROUVABLE);
      const { aopIgpIds, ...reste } = v;
      const ok = await repo.modifierGroupe(odg, id, {
        ...reste,
        ...(aopIgpIds ? { aopIgpIds: await aopsValides(odg, aopIgpIds) } : {}),
      });
      if (!ok) throw notFound(GROUPE_INTROUVABLE);
      return { id: String(id) };
    },

    async supprimerGroupe(acteur: Acteur, id: number) {
      requireParametrage(acteur);
      const r = await repo.supprimerGroupe(requirePerimetre(acteur), id);
      if (r === 'ABSENT') throw notFound(GROUPE_INTROUVABLE);
      if (r === 'UTILISE')
        throw conflict('Ce groupe contient des lignes : supprimez-les ou archivez le groupe');
    },

    async creerLigne(acteur: Acteur, v: PointSysExpEcriture) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const id = await repo.ecrireLigne(
        odg,
        undefined,
        { ...v, groupeSystemeExploitationId: Number(v.groupeSystemeExploitationId) },
        verifierLigne(undefined, v),
      );
      if (id === null) throw notFound(GROUPE_INTROUVABLE);
      return { id: String(id) };
    },

    async modifierLigne(acteur: Acteur, id: number, v: PointSysExpPatch) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const { groupeSystemeExploitationId, ...reste } = v;
      const r = await repo.ecrireLigne(
        odg,
        id,
        {
          ...reste,
          ...(groupeSystemeExploitationId !== undefined
            ? { groupeSystemeExploitationId: Number(groupeSystemeExploitationId) }
            : {}),
        },
        verifierLigne(String(id), v),
      );
      if (r === null) throw notFound(LIGNE_INTROUVABLE);
      return { id: String(id) };
    },

    async supprimerLigne(acteur: Acteur, id: number) {
      requireParametrage(acteur);
      const ok = await repo.supprimerLigne(requirePerimetre(acteur), id, (lignes) => {
        const l = lignes.find((x) => x.id === String(id));
        if (!l) return;
        const lecteur = lecteurs(lignes, l.code, l.id).at(0);
        if (l.liee || lecteur)
          throw new AppError(
            409,
            'CONFLICT',
            lecteur
              ? `Cette ligne est lue par la formule de la ligne ${lecteur.code} : elle ne peut pas être supprimée`
              : 'Cette ligne est liée à un point de contrôle : archivez-la plutôt',
          );
      });
      if (!ok) throw notFound(LIGNE_INTROUVABLE);
    },

    async ordonner(acteur: Acteur, parentId: number | undefined, ids: number[]) {
      requireParametrage(acteur);
      return { modifies: await repo.ordonner(requirePerimetre(acteur), parentId, ids) };
    },

    /** For the grid service: is this line one of the ODG's (not deleted)? */
    async ligneDuPerimetre(odg: number, id: number) {
      return (await repo.lignes(odg)).some((l) => l.id === String(id));
    },

    async export(acteur: Acteur) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      const [groupes, lignes] = await Promise.all([repo.groupes(odg), repo.lignes(odg)]);
      const libelles = new Map(groupes.map((g) => [g.id, g] as const));
      return lignes.map((l) => ({
        groupe: libelles.get(l.groupeId)?.libelle ?? '',
        ...l,
      }));
    },
  };
}
export type SystemeService = ReturnType<typeof createSystemeService>;
