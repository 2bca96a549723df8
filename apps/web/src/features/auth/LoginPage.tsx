import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { homeRedirect } from '@estive/domain';
import { ApiError, estErreurReseau } from '../../lib/api';
import { useConnectivite } from '../../offline/connectivity';
import { connecter, useSession } from '../../offline/session/session';
import { BoutonFournisseur, messageRefusOidc, useConfigOidc } from './ConnexionFederee';

const OBLIGATOIRE = 'Ce champ est obligatoire';

const schema = z.object({
  login: z.string().trim().min(1, OBLIGATOIRE).pipe(z.email('Utilisez un email valide')),
  password: z.string().min(1, OBLIGATOIRE),
});
type Champs = z.infer<typeof schema>;

function messageErreur(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) return 'Identifiant ou mot de passe incorrect';
  // CNAOL requires the identity provider for this account: the server says which one.
  if (err instanceof ApiError && err.status === 403 && err.corps?.message) return err.corps.message;
  if (err instanceof ApiError && err.status === 429) {
    // The server says how long: one minute for an address, up to 15 for an account.
    return (
      err.corps?.message ??
      'Trop de tentatives de connexion. Veuillez patienter une minute avant de réessayer.'
    );
  }
  if (estErreurReseau(err)) return 'Le serveur est injoignable. Vérifiez votre connexion.';
  return "Erreur d'accès au serveur";
}

/** Sign-in ('Connexion'): accounts are created by an administrator, there is no sign-up. */
export function LoginPage() {
  const { principal } = useSession();
  const { enLigne } = useConnectivite();
  const navigate = useNavigate();
  const [parametres] = useSearchParams();
  const fournisseur = useConfigOidc(enLigne);
  const [erreur, setErreur] = useState<string | null>(() =>
    messageRefusOidc(parametres.get('oidc')),
  );
  const form = useForm<Champs>({
    resolver: zodResolver(schema),
    defaultValues: { login: '', password: '' },
  });
  if (principal) return <Navigate to="/" replace />;

  const envoyer = form.handleSubmit(async ({ login, password }) => {
    setErreur(null);
    try {
      const connecte = await connecter(login, password);
      if (connecte) {
        await navigate(homeRedirect({ online: true, authenticated: true, roles: connecte.roles }), {
          replace: true,
        });
      }
    } catch (err) {
      setErreur(messageErreur(err));
    }
  });

  return (
    <Stack align="center" justify="center" mih="70vh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420}>
        <form onSubmit={(e) => void envoyer(e)} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Connexion
              </Title>
              <Text size="sm" c="dimmed">
                Accès réservé aux utilisateurs enregistrés.
              </Text>
            </div>
            {erreur && (
              <Alert color="red" role="alert" icon={<IconAlertCircle size={18} />}>
                {erreur}
              </Alert>
            )}
            {!enLigne && (
              <Alert color="yellow">La connexion nécessite le réseau : vous êtes hors ligne.</Alert>
            )}
            {fournisseur?.actif && fournisseur.libelle && (
              <BoutonFournisseur libelle={fournisseur.libelle} desactive={!enLigne} />
            )}
            <TextInput
              label="Identifiant"
              type="email"
              autoComplete="username"
              placeholder="prenom.nom@organisme.fr"
              withAsterisk
              error={form.formState.errors.login?.message}
              {...form.register('login')}
            />
            <PasswordInput
              label="Mot de passe"
              autoComplete="current-password"
              withAsterisk
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!enLigne}>
              Se connecter
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
