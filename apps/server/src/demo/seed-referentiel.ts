import type { Transaction } from '../db/client';
import { GROUPES_DEMO, type LigneDemo } from '@estive/domain/demo';
import * as t from '../db/schema';
import { AOPS } from './aops.data';
import { ACTIVITES, CATEGORIES, ODGS, ORGANISMES_CERTIFICATEURS } from './referentiel.data';
import { logoPng } from './fichiers-demo';
import { sha256Hex } from '../lib/hash';
import { obtenir } from './obtenir';
import { uneLigne } from '../db/une-ligne';

export interface ReferentielIds {
  odg: Map<string, number>;
  aop: Map<string, { id: number; odg: string; activites: Map<string, number> }>;
  activite: Map<string, number>;
}

export async function seedReferentiel(tx: Transaction): Promise<ReferentielIds> {
  const odg = new Map<string, number>();
  for (const o of ODGS) {
    const logo = o.siret ? logoPng(o.raisonSociale) : null;
    const logoId = logo
      ? uneLigne(
          await tx
            .insert(t.fichier)
            .values({
              typeDocument: 'LOGO',
              fileName: `logo-${o.cle}.png`,
              mimeType: 'image/png',
              taille: logo.length,
              sha256: sha256Hex(logo),
              contenu: logo,
            })
            .returning({ id: t.fichier.id }),
        ).id
      : null;
    const row = uneLigne(
      await tx
        .insert(t.organisme)
        .values({
          type: o.type,
          raisonSociale: o.raisonSociale,
          siret: o.siret,
          ville: o.ville,
          codePostal: o.codePostal,
          mail: `contact@${o.cle}.odg.test`,
          telephone: '0384000000',
          adresse: '1 place de la Mairie',
          logoFichierId: logoId,
        })
        .returning({ id: t.organisme.id }),
    );
    odg.set(o.cle, row.id);
  }
  const oc = new Map<string, number>();
  for (const libelle of ORGANISMES_CERTIFICATEURS) {
    const row = uneLigne(
      await tx
        .insert(t.organisme)
        .values({ type: 'OC', raisonSociale: libelle })
        .returning({ id: t.organisme.id }),
    );
    oc.set(libelle, row.id);
  }

  const activite = new Map<string, number>();
  for (const libelle of ACTIVITES) {
    const row = uneLigne(
      await tx.insert(t.activite).values({ libelle }).returning({ id: t.activite.id }),
    );
    activite.set(libelle, row.id);
  }
  const categorie = new Map<string, number>();
  for (const [ordre, libelle] of CATEGORIES.entries()) {
    const row = uneLigne(
      await tx.insert(t.categorie).values({ libelle, ordre }).returning({ id: t.categorie.id }),
    );
    categorie.set(libelle, row.id);
  }

  const aop: ReferentielIds['aop'] = new Map();
  for (const a of AOPS) {
    const odgId = obtenir(odg, a.odg, 'ODG');
    const row = uneLigne(
      await tx
        .insert(t.aopIgp)
        .values({
          libelle: a.libelle,
          type: a.type,
          odgId,
          migre: a.migre ?? false,
          graviteColLabel: a.graviteColLabel ?? 'Gravité',
        })
        .returning({ id: t.aopIgp.id }),
    );
    const aopId = row.id;
    const activitesAop = new Map<string, number>();
    for (const libelle of a.activites) {
      const aa = uneLigne(
        await tx
          .insert(t.activiteAop)
          .values({ aopIgpId: aopId, activiteId: obtenir(activite, libelle, 'activity') })
          .returning({ id: t.activiteAop.id }),
      );
      activitesAop.set(libelle, aa.id);
    }
    aop.set(a.libelle, { id: aopId, odg: a.odg, activites: activitesAop });
    await tx
      .insert(t.referentiel)
      .values(a.referentiels.map((libelle) => ({ aopIgpId: aopId, libelle })));
    await tx
      .insert(t.organismeCertificateur)
      .values({ organismeId: obtenir(oc, a.oc, 'certifying body'), odgId, aopIds: [aopId] });
  }

  // Exploitation-system groups belong to an ODG (codes are unique within it) and list its labels.
  const pointSysExp = new Map<string, number>();
  for (const [cleOdg, odgId] of odg) {
    const aopsOdg = AOPS.filter((a) => a.odg === cleOdg);
    const cles = [...new Set(aopsOdg.flatMap((a) => a.groupes))];
    for (const [ordre, cle] of cles.entries()) {
      const groupe = GROUPES_DEMO[cle];
      const aopIgpIds = aopsOdg
        .filter((a) => a.groupes.includes(cle))
        .map((a) => obtenir(aop, a.libelle, 'label').id);
      const g = uneLigne(
        await tx
          .insert(t.groupeSysExp)
          .values({ libelle: groupe.libelle, ordre, odgId, aopIgpIds })
          .returning({ id: t.groupeSysExp.id }),
      );
      const lignes: readonly LigneDemo[] = groupe.lignes;
      for (const [ordrePoint, p] of lignes.entries()) {
        const row = uneLigne(
          await tx
            .insert(t.pointSysExp)
            .values({
              code: p.code,
              libelle: p.libelle,
              ordre: ordrePoint,
              formule: p.formule ?? null,
              unite: p.unite,
              dec: p.dec ?? 0,
              groupeSystemeExploitationId: g.id,
            })
            .returning({ id: t.pointSysExp.id }),
        );
        pointSysExp.set(`${cleOdg}/${p.code}`, row.id);
      }
    }
  }

  // A control point is shared by the labels that check it; thresholds are per label.
  const pointControle = new Map<string, number>();
  for (const a of AOPS) {
    for (const [ordre, p] of a.points.entries()) {
      let pointId = pointControle.get(p.code);
      if (pointId === undefined) {
        const pc = uneLigne(
          await tx
            .insert(t.pointControle)
            .values({
              code: p.code,
              libelle: p.libelle,
              reference: p.reference,
              source: p.source,
              ordre,
              categorieId: obtenir(categorie, p.categorie, 'category'),
            })
            .returning({ id: t.pointControle.id }),
        );
        pointId = pc.id;
        pointControle.set(p.code, pointId);
      }
      const [grave, majeur, mineur] = (p.seuils ?? [null, null, null]).map((s) =>
        s ? { operateur: s[0], valeur: s[1] } : null,
      );
      await tx.insert(t.pointControleAop).values({
        pointControleId: pointId,
        aopIgpId: obtenir(aop, a.libelle, 'label').id,
        pointSystemeExploitationId: p.exploitation
          ? obtenir(pointSysExp, `${a.odg}/${p.exploitation}`, 'exploitation point')
          : null,
        gravite: p.gravite ?? null,
        seuil: { grave: grave ?? null, majeur: majeur ?? null, mineur: mineur ?? null },
      });
    }
  }
  return { odg, aop, activite };
}
