import { Tooltip, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './BoutonEntete.module.css';

interface Props {
  /** The full name, for screen readers and the tooltip; it contains `legende` (label in name). */
  label: string;
  /** The short name written under the icon from tablet width up (no hover on touch screens). */
  legende: string;
  icone: ReactNode;
  to?: string;
  onClick?: () => void;
  visibleFrom?: 'md';
}

/**
 * A top-bar action (issue 32, item 7): an icon alone is unreadable on a tablet, where no hover
 * shows its tooltip, so from 600 px its short name is written under it; phones keep the icon.
 */
export function BoutonEntete({ label, legende, icone, to, onClick, visibleFrom }: Props) {
  const contenu = (
    <>
      {icone}
      <span className={classes.legende} aria-hidden>
        {legende}
      </span>
    </>
  );
  return (
    <Tooltip label={label}>
      {to ? (
        <UnstyledButton
          component={Link}
          to={to}
          className={classes.bouton}
          aria-label={label}
          visibleFrom={visibleFrom}
        >
          {contenu}
        </UnstyledButton>
      ) : (
        <UnstyledButton
          className={classes.bouton}
          onClick={onClick}
          aria-label={label}
          visibleFrom={visibleFrom}
        >
          {contenu}
        </UnstyledButton>
      )}
    </Tooltip>
  );
}
