import type { ModeleEcriture } from '@estive/contracts';
import {
  CHAMPS_MODELE,
  erreurModele,
  exemplesModele,
  formaterDate,
  formaterTelephone,
  LIBELLES_TYPE_MODELE,
  MODELES_PAR_DEFAUT,
  texteRempli,
  TYPES_MODELE,
  type TypeModele,
} from '@estive/domain';
import {
  construireAvisPassage,
  construireCourrier,
  construirePlanning,
  genererDocumentPdf,
  type OdgDocument,
} from '@estive/report/node';
import { requireParametrage, requirePerimetre, type Acteur } from '../../lib/acteur';
import { invalid } from '../../lib/errors';
import type { ModelesRepository } from './modeles.repository';

/** A template's placeholders are checked on save and on preview: a French error on the field. */
function verifier(v: ModeleEcriture) {
  const erreurs = (['objet', 'corps'] as const).flatMap((field) => {
    const message = erreurModele(v.type, v[field]);
    return message ? [{ field, defaultMessage: message }] : [];
  });
  if (erreurs.length > 0) throw invalid('Veuillez vérifier votre saisie', [], erreurs);
}

const EXEMPLE_DESTINATAIRE = {
  raisonSociale: 'GAEC des Sapins',
  adresse: ['12 route des Crêtes', '25300 Pontarlier'],
};

/**
 * Document templates of the active ODG (issue 16 §3): the avis de passage, the planning and the
 * courrier de notification, each with an object line and a body whose `{{champ}}` placeholders
 * the round documents and the shortcoming reminders fill. The preview prints a draft on sample
 * figures with the ODG's own letterhead, as the real document will look.
 */
export function createModelesService(repo: ModelesRepository) {
  return {
    async lister(acteur: Acteur) {
      requireParametrage(acteur);
      const lignes = await repo.lister(requirePerimetre(acteur));
      return TYPES_MODELE.map((type) => {
        const propre = lignes.find((l) => l.type === type);
        return {
          type,
          libelle: LIBELLES_TYPE_MODELE[type],
          objet: propre?.objet ?? MODELES_PAR_DEFAUT[type].objet,
          corps: propre?.corps ?? MODELES_PAR_DEFAUT[type].corps,
          personnalise: propre !== undefined,
          champs: CHAMPS_MODELE[type].map(({ cle, libelle }) => ({ cle, libelle })),
          modifieLe: propre?.modifieLe ?? null,
        };
      });
    },

    async enregistrer(acteur: Acteur, v: ModeleEcriture) {
      requireParametrage(acteur);
      const odg = requirePerimetre(acteur);
      verifier(v);
      await repo.enregistrer(odg, v.type, v, acteur.utilisateurId);
    },

    async retablir(acteur: Acteur, type: TypeModele) {
      requireParametrage(acteur);
      await repo.supprimer(requirePerimetre(acteur), type);
    },

    /** The PDF of a draft template on sample figures. */
    async apercu(acteur: Acteur, v: ModeleEcriture): Promise<Buffer> {
      requireParametrage(acteur);
      const o = await repo.odg(requirePerimetre(acteur));
      verifier(v);
      const { type } = v;
      const odg: OdgDocument = {
        raisonSociale: o?.raisonSociale ?? '',
        adresse: [o?.adresse, [o?.codePostal, o?.ville].filter(Boolean).join(' ')].filter(
          (l): l is string => !!l?.trim(),
        ),
        telephone: formaterTelephone(o?.telephone ?? null),
        mail: o?.mail ?? '',
      };
      const valeurs: Record<string, string> = { ...exemplesModele(type), odg: odg.raisonSociale };
      const texte = texteRempli(v, valeurs);
      const editeLe = formaterDate(new Date());
      const appellations = [
        {
          libelle: 'Comté',
          niveau: 'Contrôle initial',
          sites: 'Ferme',
          activites: 'Production de lait',
        },
        {
          libelle: 'Morbier',
          niveau: 'Contrôle initial',
          sites: 'Ferme',
          activites: 'Production de lait',
        },
      ];
      if (type === 'AVIS_PASSAGE') {
        return genererDocumentPdf(
          construireAvisPassage({
            odg,
            destinataire: EXEMPLE_DESTINATAIRE,
            editeLe,
            jour: valeurs.jour ?? '',
            heure: valeurs.heure ?? '',
            controleur: valeurs.controleur ?? '',
            appellations,
            texte,
          }),
        );
      }
      if (type === 'PLANNING') {
        return genererDocumentPdf(
          construirePlanning({
            odg,
            controleur: valeurs.controleur ?? '',
            periode: valeurs.periode ?? '',
            campagne: valeurs.campagne ?? '',
            editeLe,
            texte,
            visites: [
              {
                jour: 'mardi 24 novembre 2026',
                heure: '09:00',
                raisonSociale: EXEMPLE_DESTINATAIRE.raisonSociale,
                siret: '123 456 789 00012',
                lieu: EXEMPLE_DESTINATAIRE.adresse.join(', '),
                appellations,
              },
            ],
          }),
        );
      }
      return genererDocumentPdf(
        construireCourrier({
          odg,
          destinataire: EXEMPLE_DESTINATAIRE,
          titre: 'Notification de manquement',
          editeLe,
          texte,
        }),
      );
    },
  };
}
export type ModelesService = ReturnType<typeof createModelesService>;
