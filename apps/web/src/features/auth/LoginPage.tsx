import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState, type SyntheticEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { email, homeRedirect, MESSAGES_VALIDATION, obligatoire } from '@estive/domain';
import { ApiError, estErreurReseau } from '../../lib/api';
import { useConnectivite } from '../../offline/connectivity';
import { connecter, useSession } from '../../offline/session/session';
import { BoutonFournisseur, messageRefusOidc, useConfigOidc } from './ConnexionFederee';

interface Champs {
  login: string;
  password: string;
}
type Erreurs = Partial<Record<keyof Champs, string>>;

/**
 * The domain's validators, not a zod schema through react-hook-form: this page is part of the app
 * shell, the first screen on a weak link, and zod with the form library weigh ~35 KB brotli more
 * (docs/decisions.md, 'First visit on a weak link'). Same messages, same moments: checked on
 * submit, then again at each keystroke.
 */
function verifier({ login, password }: Champs): Erreurs {
  const erreurs: Erreurs = {};
  const erreurLogin = obligatoire(login) ?? email(login);
  if (erreurLogin) erreurs.login = erreurLogin;
  // A password may be blanks: only an empty one is missing.
  if (password === '') erreurs.password = MESSAGES_VALIDATION.obligatoire;
  return erreurs;
}

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
  const [champs, setChamps] = useState<Champs>({ login: '', password: '' });
  const [erreurs, setErreurs] = useState<Erreurs>({});
  const [soumis, setSoumis] = useState(false);
  const [envoi, setEnvoi] = useState(false);
  const refs = { login: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  if (principal) return <Navigate to="/" replace />;

  const changer = (champ: keyof Champs) => (e: { currentTarget: HTMLInputElement }) => {
    const suivants = { ...champs, [champ]: e.currentTarget.value };
    setChamps(suivants);
    if (soumis) setErreurs(verifier(suivants));
  };

  const envoyer = async (e: SyntheticEvent) => {
    e.preventDefault();
    if (envoi) return;
    setSoumis(true);
    const trouvees = verifier(champs);
    setErreurs(trouvees);
    const premiere = (['login', 'password'] as const).find((c) => trouvees[c]);
    if (premiere) {
      refs[premiere].current?.focus();
      return;
    }
    setErreur(null);
    setEnvoi(true);
    try {
      const connecte = await connecter(champs.login.trim(), champs.password);
      if (connecte) {
        await navigate(homeRedirect({ online: true, authenticated: true, roles: connecte.roles }), {
          replace: true,
        });
      }
    } catch (err) {
      setErreur(messageErreur(err));
    } finally {
      setEnvoi(false);
    }
  };

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
              ref={refs.login}
              name="login"
              label="Identifiant"
              type="email"
              autoComplete="username"
              placeholder="prenom.nom@organisme.fr"
              withAsterisk
              value={champs.login}
              onChange={changer('login')}
              error={erreurs.login}
            />
            <PasswordInput
              ref={refs.password}
              name="password"
              label="Mot de passe"
              autoComplete="current-password"
              withAsterisk
              value={champs.password}
              onChange={changer('password')}
              error={erreurs.password}
            />
            <Button type="submit" loading={envoi} disabled={!enLigne}>
              Se connecter
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
