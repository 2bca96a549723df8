import { useState, type ChangeEvent } from 'react';
import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import { refusTexteRapport } from '@estive/domain';

/**
 * Fields whose text is printed in the signed audit report (issue 27 item 5: the signed text is
 * the typed text). A change the report could not print in full (a character no embedded font
 * draws, an invisible control or direction mark) is refused: the field keeps its previous value
 * and says why, in French, until the next accepted change. Nothing is dropped silently.
 */
function useRefus(onValeur: (valeur: string) => void, longueurMax?: number) {
  const [refus, setRefus] = useState<string | null>(null);
  const changer = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const valeur = e.currentTarget.value;
    const message = refusTexteRapport(valeur, longueurMax);
    setRefus(message);
    if (message === null) onValeur(valeur);
  };
  return { refus, changer };
}

type Controle<P> = Omit<P, 'value' | 'onChange'> & {
  value: string;
  onValeur: (valeur: string) => void;
  /** Longer is refused (a field printed where a text cannot flow over pages). */
  longueurMax?: number;
};

export function TextareaRapport({
  onValeur,
  longueurMax,
  error,
  ...props
}: Controle<TextareaProps>) {
  const { refus, changer } = useRefus(onValeur, longueurMax);
  return <Textarea {...props} error={refus ?? error} onChange={changer} />;
}

export function TextInputRapport({
  onValeur,
  longueurMax,
  error,
  ...props
}: Controle<TextInputProps>) {
  const { refus, changer } = useRefus(onValeur, longueurMax);
  return <TextInput {...props} error={refus ?? error} onChange={changer} />;
}
