import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  MESSAGE_MOT_DE_PASSE_FAIBLE,
  MESSAGES_COMPTES,
  MESSAGES_VALIDATION,
  reglesNonRespectees,
} from '@estive/domain';
import { api, toastErreurFormulaire } from '../../lib/api';
import { chargerPrincipal, deconnecter } from '../../offline/session/session';
import { ReglesMotDePasse } from './ReglesMotDePasse';

const schema = z
  .object({
    actuel: z.string().min(1, MESSAGES_VALIDATION.obligatoire),
    nouveau: z
      .string()
      .min(1, MESSAGES_VALIDATION.obligatoire)
      .refine((m) => reglesNonRespectees(m).length === 0, MESSAGE_MOT_DE_PASSE_FAIBLE),
    confirmation: z.string().min(1, MESSAGES_VALIDATION.obligatoire),
  })
  .refine((v) => v.nouveau === v.confirmation, {
    path: ['confirmation'],
    message: MESSAGES_COMPTES.confirmationDifferente,
  });
type Champs = z.infer<typeof schema>;

/**
 * First sign-in with a temporary password (issue 16 §4): nothing else opens until it is changed;
 * the server refuses every other call meanwhile.
 */
export function ChangementMotDePassePage() {
  const form = useForm<Champs>({
    resolver: zodResolver(schema),
    defaultValues: { actuel: '', nouveau: '', confirmation: '' },
  });
  const nouveau = useWatch({ control: form.control, name: 'nouveau' });
  const envoyer = form.handleSubmit(async ({ actuel, nouveau: mdp }) => {
    try {
      await api('POST /api/principal/mot-de-passe', { corps: { actuel, nouveau: mdp } });
      notifications.show({ color: 'green', message: MESSAGES_COMPTES.motDePasseChange });
      await chargerPrincipal();
    } catch (e) {
      toastErreurFormulaire(e, form, 'Le mot de passe n’a pas pu être changé');
    }
  });
  const e = form.formState.errors;
  return (
    <Stack align="center" justify="center" mih="70vh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={460}>
        <form onSubmit={(ev) => void envoyer(ev)} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Changement du mot de passe
            </Title>
            <Alert color="blue">
              Votre mot de passe est temporaire : choisissez-en un nouveau pour continuer.
            </Alert>
            <PasswordInput
              label="Mot de passe temporaire"
              autoComplete="current-password"
              withAsterisk
              error={e.actuel?.message}
              {...form.register('actuel')}
            />
            <PasswordInput
              label="Nouveau mot de passe"
              autoComplete="new-password"
              withAsterisk
              error={e.nouveau?.message}
              {...form.register('nouveau')}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                Le nouveau mot de passe doit comporter :
              </Text>
              <ReglesMotDePasse motDePasse={nouveau} />
            </div>
            <PasswordInput
              label="Confirmation du nouveau mot de passe"
              autoComplete="new-password"
              withAsterisk
              error={e.confirmation?.message}
              {...form.register('confirmation')}
            />
            <Group justify="space-between">
              <Button variant="subtle" onClick={() => void deconnecter()}>
                Se déconnecter
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Changer le mot de passe
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
export default ChangementMotDePassePage;
