import { Box, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/** The mountain-and-wheel mark of the app icon, in a 40 × 40 box. */
function Marque() {
  return (
    <>
      <rect width="40" height="40" rx="9" fill="#2f6b4f" />
      <path d="M17 8 3 31h28z" fill="#e2eee5" />
      <path d="M17 8l-3.6 5.2h7.2z" fill="#fff" />
      <path d="M28 14.5 20 31h17.5z" fill="#c4dacb" />
      <ellipse cx="25.6" cy="28" rx="8.8" ry="5.2" fill="#c48c2c" />
      <ellipse cx="25.6" cy="28" rx="7.2" ry="4.1" fill="#f0c454" />
    </>
  );
}

/** The 'Estive' wordmark: the mountain-and-wheel mark of the app icon, then the name. */
export function Logo() {
  return (
    <UnstyledButton
      component={Link}
      to="/"
      aria-label="Estive, accueil"
      h={44}
      display="flex"
      style={{ alignItems: 'center' }}
    >
      {/* Below 768 px the top bar keeps only the mark: its actions need the width. */}
      <Box component="span" visibleFrom="sm" h={34}>
        <svg height="34" viewBox="0 0 150 40" role="img" aria-hidden="true">
          <Marque />
          <text
            x="50"
            y="29"
            fontFamily="system-ui, sans-serif"
            fontSize="25"
            fontWeight="700"
            letterSpacing="0.5"
            fill="#1f5a3f"
          >
            Estive
          </text>
        </svg>
      </Box>
      <Box component="span" hiddenFrom="sm" h={34}>
        <svg height="34" viewBox="0 0 40 40" role="img" aria-hidden="true">
          <Marque />
        </svg>
      </Box>
    </UnstyledButton>
  );
}
