import type { FicheMorale } from '@estive/contracts';
import type { FicheRepository } from './fiche.repository';

type Fiche = NonNullable<Awaited<ReturnType<FicheRepository['morale']>>>;
const s = (id: number) => String(id);
const resume = (f: Fiche['fichiers'][number]) => ({
  id: s(f.id),
  fileName: f.fileName,
  typeDocument: f.typeDocument,
  dateCreation: f.dateCreation.toISOString(),
});

export function versFicheMorale(f: Fiche): FicheMorale {
  const { pm } = f;
  return {
    id: s(pm.id),
    version: pm.version,
    raisonSociale: pm.raisonSociale,
    siret: pm.siret,
    type: pm.type,
    ede: pm.ede,
    pac: pm.pacage,
    nom: pm.nom,
    adresse1: pm.adresse1,
    adresse2: pm.adresse2,
    adresse3: pm.adresse3,
    adresse4: pm.adresse4,
    codePostal: pm.codePostal,
    ville: pm.ville,
    telephone1: pm.telephone1,
    telephone2: pm.telephone2,
    mail: pm.mail,
    siteWeb: pm.siteWeb,
    latitude: pm.latitude,
    longitude: pm.longitude,
    isHabilite: f.habilitations.some((h) => h.statut === 'VALIDEE'),
    sites: f.sites.map((r) => ({
      id: s(r.id),
      libelle: r.libelle,
      siege: r.siege,
      adresse1: r.adresse1,
      codePostal: r.codePostal,
      ville: r.ville,
      latitude: r.latitude,
      longitude: r.longitude,
      aopIds: r.aopIds.map(s),
    })),
    contacts: f.contacts.map((c) => ({
      id: s(c.id),
      civilite: c.civilite,
      nom: c.nom,
      prenom: c.prenom,
      telephone1: c.telephone1,
      telephone2: c.telephone2,
      mail: c.mail,
      fonction: c.fonction,
      personnePhysiqueId: c.personnePhysiqueId === null ? null : s(c.personnePhysiqueId),
    })),
    habilitations: f.habilitations.map((h) => ({
      id: s(h.id),
      aopIgp: { id: s(h.aopId), libelle: h.aop },
      activite: { id: s(h.activiteId), libelle: h.activite },
      statut: h.statut,
      dateDi: h.dateDi,
      fichiers: f.fichiersHab.filter((x) => x.habilitationId === h.id).map(resume),
    })),
    controles: f.controles.map((c) => ({
      id: s(c.id),
      date: c.date.toISOString(),
      statut: c.statut,
      aopIgp: c.aop,
      resultat: c.resultat,
    })),
    manquements: f.manquements.map((m) => ({
      id: s(m.id),
      date: m.date.toISOString(),
      libelle: m.libelle,
      statut: m.etat,
    })),
    documents: f.fichiers.map(resume),
    groupes: f.groupes.map((g) => ({ id: s(g.id), libelle: g.libelle })),
  };
}
