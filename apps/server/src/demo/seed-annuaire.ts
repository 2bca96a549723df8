import { at, defined, type StatutHabilitation } from '@estive/domain';
import type { Transaction } from '../db/client';
import * as t from '../db/schema';
import { AOPS_PAR_ZONE } from './aops.data';
import { COMMUNES, FORMES, LIEUX_DITS, NOMS, PRENOMS, RUES } from './noms.data';
import type { Random } from './random';
import { siretValide } from './random';
import type { ReferentielIds } from './seed-referentiel';
import { obtenir } from './obtenir';

export interface OperateurDemo {
  id: number;
  zone: string;
  siret: string;
  raisonSociale: string;
  siteIds: number[];
  /** Labels the operator is habilitated for (VALIDEE), with its activities on each. */
  habilitations: { aop: string; activites: string[] }[];
}

const ZONES: [string, number][] = [
  ['jura', 0.36],
  ['savoie', 0.24],
  ['auvergne', 0.2],
  ['bourgogne', 0.05],
  ['aveyron', 0.07],
  ['drome', 0.05],
  ['normandie', 0.03],
];

function zoneAuHasard(random: Random): string {
  let x = random.next();
  for (const [zone, part] of ZONES) {
    if ((x -= part) < 0) return zone;
  }
  return 'jura';
}

const telephone = (random: Random) => `0${random.pick(['3', '4', '6'])}${random.digits(8)}`;
const sansAccent = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

/** Operators in the dairy areas, each with sites, contacts and habilitations on its area's labels. */
export async function seedAnnuaire(
  tx: Transaction,
  random: Random,
  refs: ReferentielIds,
  nombre: number,
): Promise<OperateurDemo[]> {
  const sirets = new Set<string>();
  const operateurs: OperateurDemo[] = [];
  const TAILLE_LOT = 500;
  for (let debut = 0; debut < nombre; debut += TAILLE_LOT) {
    const lot = Array.from({ length: Math.min(TAILLE_LOT, nombre - debut) }, () => {
      const zone = zoneAuHasard(random);
      const commune = random.pick(defined(COMMUNES[zone], `communes of zone ${zone}`));
      let siret = siretValide(random);
      while (sirets.has(siret)) siret = siretValide(random);
      sirets.add(siret);
      const nom = random.pick(NOMS);
      const fromagerie = random.chance(0.12);
      const raisonSociale = fromagerie
        ? `Fromagerie ${random.pick(LIEUX_DITS)}`
        : random.chance(0.5)
          ? `${random.pick(FORMES)} ${random.pick(LIEUX_DITS)}`
          : `${random.pick(FORMES)} ${nom}`;
      return { zone, commune, siret, nom, fromagerie, raisonSociale };
    });
    const rows = await tx
      .insert(t.personneMorale)
      .values(
        lot.map((o) => ({
          type: o.fromagerie ? 'FROMAGERIE' : 'EXPLOITATION',
          siret: o.siret,
          ede: o.fromagerie ? null : `${o.commune.codePostal.slice(0, 2)}${random.digits(6)}`,
          pacage: o.fromagerie ? null : `0${o.commune.codePostal.slice(0, 2)}${random.digits(6)}`,
          raisonSociale: o.raisonSociale,
          nom: o.nom,
          adresse1: `${random.int(1, 40)} ${random.pick(RUES)} ${random.pick(LIEUX_DITS).replace(/^(des|du|de la|de l') /, '')}`,
          codePostal: o.commune.codePostal,
          ville: o.commune.ville,
          latitude: Number((o.commune.latitude + (random.next() - 0.5) * 0.1).toFixed(5)),
          longitude: Number((o.commune.longitude + (random.next() - 0.5) * 0.1).toFixed(5)),
          telephone1: telephone(random),
          telephone2: random.chance(0.4) ? `06${random.digits(8)}` : null,
          mail: `${sansAccent(o.nom)}.${sansAccent(o.commune.ville).slice(0, 8)}${random.int(1, 99)}@exemple.fr`,
          siteWeb: o.fromagerie
            ? `https://www.${sansAccent(o.raisonSociale).slice(0, 20)}.fr`
            : null,
        })),
      )
      .returning({ id: t.personneMorale.id });

    const sites: (typeof t.site.$inferInsert)[] = [];
    const contacts: (typeof t.contact.$inferInsert)[] = [];
    const habilitations: (typeof t.habilitation.$inferInsert)[] = [];
    lot.forEach((o, i) => {
      const id = at(rows, i).id;
      const aopsZone = defined(AOPS_PAR_ZONE[o.zone], `labels of zone ${o.zone}`);
      const aops = aopsZone.filter((_, k) => k === 0 || random.chance(0.35));
      const aopIds = aops.map((a) => obtenir(refs.aop, a, 'label').id);
      const habs: OperateurDemo['habilitations'] = [];
      for (const aop of aops) {
        const ref = obtenir(refs.aop, aop, 'label');
        const possibles = [...ref.activites.keys()];
        const activites = o.fromagerie
          ? possibles.filter((a) => a !== 'Production de lait')
          : possibles.filter(
              (a) => a === 'Production de lait' || (a === 'Fabrication' && random.chance(0.2)),
            );
        const statut: StatutHabilitation = random.chance(0.9)
          ? 'VALIDEE'
          : random.pick(['EN_COURS', 'EN_ATTENTE'] as const);
        const dateDi = `20${random.int(10, 25)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
        for (const libelle of activites) {
          habilitations.push({
            personneMoraleId: id,
            aopIgpId: ref.id,
            activiteId: obtenir(refs.activite, libelle, 'activity'),
            statut,
            dateDi,
          });
        }
        if (statut === 'VALIDEE' && activites.length > 0) habs.push({ aop, activites });
      }
      sites.push({
        personneMoraleId: id,
        libelle: o.fromagerie ? 'Atelier de fabrication' : "Siège d'exploitation",
        siege: true,
        adresse1: 'Siège',
        codePostal: o.commune.codePostal,
        ville: o.commune.ville,
        aopIds,
        ede: o.fromagerie ? null : `${o.commune.codePostal.slice(0, 2)}${random.digits(6)}`,
        latitude: o.commune.latitude,
        longitude: o.commune.longitude,
      });
      if (!o.fromagerie && (o.zone === 'savoie' || o.zone === 'jura') && random.chance(0.3)) {
        sites.push({
          personneMoraleId: id,
          libelle: `Alpage ${random.pick(LIEUX_DITS)}`,
          siege: false,
          codePostal: o.commune.codePostal,
          ville: o.commune.ville,
          aopIds,
          debutUtilisation: '06-15',
          finUtilisation: '09-30',
        });
      }
      for (let c = 0; c < random.int(0, 2); c++) {
        contacts.push({
          personneMoraleId: id,
          civilite: random.pick(['MONSIEUR', 'MADAME'] as const),
          nom: random.pick(NOMS),
          prenom: random.pick(PRENOMS),
          telephone1: `06${random.digits(8)}`,
          fonction: random.pick(['Associé', 'Gérant', 'Fromager', 'Salarié agricole']),
        });
      }
      operateurs.push({
        id,
        zone: o.zone,
        siret: o.siret,
        raisonSociale: o.raisonSociale,
        siteIds: [],
        habilitations: habs,
      });
    });
    const siteRows = await tx
      .insert(t.site)
      .values(sites)
      .returning({ id: t.site.id, personneMoraleId: t.site.personneMoraleId });
    const parId = new Map(operateurs.map((o) => [o.id, o]));
    for (const s of siteRows) parId.get(s.personneMoraleId)?.siteIds.push(s.id);
    if (contacts.length) await tx.insert(t.contact).values(contacts);
    for (let k = 0; k < habilitations.length; k += 1000) {
      await tx.insert(t.habilitation).values(habilitations.slice(k, k + 1000));
    }
  }
  return operateurs;
}
