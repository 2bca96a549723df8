import { List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { REGLES_MOT_DE_PASSE } from '@estive/domain';

/** The password rules, each ticked as the typed password meets it. */
export function ReglesMotDePasse({ motDePasse }: { motDePasse: string }) {
  return (
    <List spacing={2} size="sm" aria-label="Règles du mot de passe">
      {REGLES_MOT_DE_PASSE.map((r) => {
        const ok = r.respectee(motDePasse);
        return (
          <List.Item
            key={r.code}
            data-respectee={ok}
            icon={
              <ThemeIcon color={ok ? 'green' : 'gray'} size={18} radius="xl">
                {ok ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {r.libelle}
          </List.Item>
        );
      })}
    </List>
  );
}
