import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { utilisateurModificationSchema, type UtilisateurLigne } from '@estive/contracts';
import { MESSAGES_COMPTES, type Role } from '@estive/domain';
import { DialogueFormulaire } from '../../../ui/DialogueFormulaire';
import { useEnregistrement } from '../../../ui/useEnregistrement';
import { modifierCompte } from './api';
import { ChampsCompte, type IdentiteCompte } from './ChampsCompte';

const schema = utilisateurModificationSchema.required();

/** Name, role and ODGs of an account (its mail is its login: unchanged). */
export function DialogueModification({
  compte,
  odgs,
  roles,
  fermer,
}: {
  compte: UtilisateurLigne;
  odgs: { value: string; label: string }[];
  roles: Role[];
  fermer: () => void;
}) {
  const form = useForm<IdentiteCompte>({
    resolver: zodResolver(schema),
    defaultValues: {
      nom: compte.nom,
      prenom: compte.prenom,
      role: compte.role,
      odgIds: compte.droits.map((d) => d.odgId),
    },
  });
  // ODGs the account holds that the asker cannot give still show, by name.
  const donnees = [
    ...odgs,
    ...compte.droits
      .filter((d) => !odgs.some((o) => o.value === d.odgId))
      .map((d) => ({ value: d.odgId, label: d.raisonSociale })),
  ];
  const enregistrer = useEnregistrement(form, {
    ecrire: (v) => modifierCompte(compte.id, v),
    succes: MESSAGES_COMPTES.compteModifie,
    requete: ['parametrage', 'comptes'],
    erreur: 'Erreur durant la modification du compte',
    fermer,
  });
  return (
    <DialogueFormulaire
      titre={`Modifier le compte ${compte.mail}`}
      taille="lg"
      fermer={fermer}
      envoyer={enregistrer}
      enCours={form.formState.isSubmitting}
    >
      <ChampsCompte form={form} roles={roles} odgs={donnees} />
    </DialogueFormulaire>
  );
}
