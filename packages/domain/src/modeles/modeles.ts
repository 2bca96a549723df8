/**
 * Document templates (issue 16 §3): the avis de passage, the planning de contrôle and the courrier
 * de notification of a shortcoming, each an object line and a body whose `{{champ}}` placeholders
 * are filled from a control or a round. Pure: the server checks and stores them, the report
 * package prints the filled text.
 */

export const TYPES_MODELE = ['AVIS_PASSAGE', 'PLANNING', 'COURRIER_NOTIFICATION'] as const;
export type TypeModele = (typeof TYPES_MODELE)[number];

export const LIBELLES_TYPE_MODELE: Record<TypeModele, string> = {
  AVIS_PASSAGE: 'Avis de passage',
  PLANNING: 'Planning de contrôle',
  COURRIER_NOTIFICATION: 'Courrier de notification de manquement',
};

export interface ChampModele {
  cle: string;
  libelle: string;
  /** What the preview prints for it. */
  exemple: string;
}

/** A line holding only this placeholder prints the table of the visit's appellations. */
export const CHAMP_TABLEAU_APPELLATIONS = 'tableau_appellations';

const ODG: ChampModele = { cle: 'odg', libelle: "Nom de l'ODG", exemple: 'Comté (ODG)' };
const OPERATEUR: ChampModele = {
  cle: 'operateur',
  libelle: "Raison sociale de l'opérateur",
  exemple: 'GAEC des Sapins',
};
const CONTROLEUR: ChampModele = {
  cle: 'controleur',
  libelle: 'Contrôleur',
  exemple: 'Julien Martin',
};

export const CHAMPS_MODELE: Record<TypeModele, readonly ChampModele[]> = {
  AVIS_PASSAGE: [
    ODG,
    OPERATEUR,
    CONTROLEUR,
    { cle: 'jour', libelle: 'Jour du contrôle', exemple: 'mardi 24 novembre 2026' },
    { cle: 'heure', libelle: 'Heure (« à 09:00 », vide sans heure)', exemple: 'à 09:00' },
    { cle: 'appellations', libelle: 'Appellations contrôlées', exemple: 'Comté, Morbier' },
    {
      cle: CHAMP_TABLEAU_APPELLATIONS,
      libelle: 'Tableau des appellations (seul sur sa ligne)',
      exemple: '',
    },
  ],
  PLANNING: [
    ODG,
    CONTROLEUR,
    { cle: 'periode', libelle: 'Période', exemple: 'du 23/11/2026 au 27/11/2026' },
    { cle: 'campagne', libelle: 'Campagne', exemple: 'Campagne 2026' },
    { cle: 'nombre_operateurs', libelle: "Nombre d'opérateurs", exemple: '4' },
  ],
  COURRIER_NOTIFICATION: [
    ODG,
    OPERATEUR,
    { cle: 'aop', libelle: 'AOP-IGP', exemple: 'Comté' },
    { cle: 'code_point', libelle: 'Code du point de contrôle', exemple: 'PC12' },
    {
      cle: 'libelle_point',
      libelle: 'Libellé du point de contrôle',
      exemple: 'Alimentation des vaches laitières',
    },
    { cle: 'mesure', libelle: 'Mesure attendue', exemple: 'la mesure corrective' },
    { cle: 'echeance', libelle: 'Échéance', exemple: '15/12/2026' },
  ],
};

export interface TexteModele {
  objet: string;
  corps: string;
}

/** What an ODG gets until it writes its own: the texts the documents printed before templates. */
export const MODELES_PAR_DEFAUT: Record<TypeModele, TexteModele> = {
  AVIS_PASSAGE: {
    objet: 'avis de passage pour un contrôle interne',
    corps: [
      'Madame, Monsieur,',
      'Nous vous informons qu’un contrôle de votre exploitation sera réalisé le {{jour}} {{heure}} par {{controleur}}, contrôleur de {{odg}}, au titre des appellations suivantes :',
      `{{${CHAMP_TABLEAU_APPELLATIONS}}}`,
      'Nous vous remercions de bien vouloir être présent ou représenté, et de tenir à la disposition du contrôleur les documents utiles au contrôle (déclaration d’identification, registres, cahier des charges en vigueur).',
      'Pour tout empêchement, merci de nous contacter au plus tôt afin de convenir d’une autre date.',
      'Veuillez agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
    ].join('\n\n'),
  },
  // The planning prints a table; an ODG may add a heading line and words above it.
  PLANNING: { objet: '', corps: '' },
  COURRIER_NOTIFICATION: {
    objet: 'Relance : manquement {{code_point}} ({{aop}})',
    corps: [
      'Bonjour,',
      'Le délai de suivi de {{mesure}} du manquement suivant est dépassé depuis le {{echeance}} :',
      'Opérateur : {{operateur}}\nAOP-IGP : {{aop}}\nPoint de contrôle : {{code_point}} — {{libelle_point}}',
      'Merci de transmettre à {{odg}} les éléments attestant de sa mise en œuvre.',
    ].join('\n\n'),
  },
};

/** `{{ cle }}`: letters, digits and `_`, spaces allowed inside the braces. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The placeholders a text names that its type does not know, each once, in order. */
export function champsInconnus(type: TypeModele, texte: string): string[] {
  const connus = new Set(CHAMPS_MODELE[type].map((c) => c.cle));
  const inconnus: string[] = [];
  for (const [, cle = ''] of texte.matchAll(PLACEHOLDER)) {
    if (!connus.has(cle) && !inconnus.includes(cle)) inconnus.push(cle);
  }
  return inconnus;
}

/** Braces left once every well-formed placeholder is taken out: a typo such as `{{jour}`. */
export const accoladesOrphelines = (texte: string): boolean =>
  /\{\{|\}\}/.test(texte.replace(PLACEHOLDER, ''));

/** The French error of a template text, or null when it is good. */
export function erreurModele(type: TypeModele, texte: string): string | null {
  const inconnus = champsInconnus(type, texte);
  if (inconnus.length > 0) {
    return inconnus.length === 1
      ? `Le champ {{${inconnus[0] ?? ''}}} n'existe pas pour ce modèle`
      : `Les champs ${inconnus.map((c) => `{{${c}}}`).join(', ')} n'existent pas pour ce modèle`;
  }
  if (accoladesOrphelines(texte)) {
    return 'Un champ est mal écrit : il s’écrit entre doubles accolades, par exemple {{odg}}';
  }
  return null;
}

/** Fills the placeholders; one the values lack prints empty. A space doubled by an empty one is single. */
export function remplirModele(texte: string, valeurs: Readonly<Record<string, string>>): string {
  return texte
    .replace(PLACEHOLDER, (_, cle: string) => valeurs[cle] ?? '')
    .replace(/[ \t]{2,}/g, ' ');
}

/** The body as paragraphs (blank lines part them; single line breaks stay inside one). */
export const paragraphes = (corps: string): string[] =>
  corps
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** The sample values the preview fills a template with. */
export const exemplesModele = (type: TypeModele): Record<string, string> =>
  Object.fromEntries(CHAMPS_MODELE[type].map((c) => [c.cle, c.exemple]));

const LIGNE_TABLEAU = new RegExp(`^\\{\\{\\s*${CHAMP_TABLEAU_APPELLATIONS}\\s*\\}\\}$`);

/**
 * A template filled for printing: the object line and the paragraphs, `null` for a paragraph that
 * is only `{{tableau_appellations}}` (the document puts its table there).
 */
export function texteRempli(
  modele: TexteModele,
  valeurs: Readonly<Record<string, string>>,
): { objet: string; paragraphes: (string | null)[] } {
  return {
    objet: remplirModele(modele.objet, valeurs).trim(),
    paragraphes: paragraphes(modele.corps).map((p) =>
      LIGNE_TABLEAU.test(p) ? null : remplirModele(p, valeurs),
    ),
  };
}
