import { ActionIcon, Popover, TextInput, type MantineSize } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState, type FocusEventHandler, type Ref } from 'react';
import { afficherJour, lireJour } from './jour';

interface Props {
  /** The day as the forms and the server hold it: 'YYYY-MM-DD', or '' when empty. */
  value: string | null | undefined;
  onChange: (jour: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string | undefined;
  description?: string;
  withAsterisk?: boolean;
  disabled?: boolean;
  size?: MantineSize;
  w?: number | string;
  'aria-label'?: string;
  readOnly?: boolean;
  /** Bounds of the calendar only ('YYYY-MM-DD'): a typed date out of them is the form's rule. */
  min?: string;
  max?: string;
}

const FORMAT = 'La date doit être au format jj/mm/aaaa';

/**
 * The office's date field (issue 32): the browser's own date input follows the browser's
 * language and showed mm/dd/yyyy; this one is typed and shown jj/mm/aaaa whatever the browser,
 * with a French calendar (the app's DatesProvider) behind its button. The calendar opens on the
 * button only, never over the fields below while one types. A text that is not a date leaves
 * the value empty and says the format under the field once the field is left.
 */
export function ChampDate({
  value,
  onChange,
  onBlur,
  name,
  ref,
  label,
  error,
  description,
  withAsterisk,
  disabled,
  size,
  w,
  min,
  max,
  'aria-label': ariaLabel,
  readOnly,
}: Props) {
  const [texte, setTexte] = useState(() => afficherJour(value));
  const [quitte, setQuitte] = useState(false);
  const [ouvert, setOuvert] = useState(false);
  // A value set from outside (a reset, the calendar, another field) shows in the text.
  const [vu, setVu] = useState(value);
  if (value !== vu) {
    setVu(value);
    if ((lireJour(texte) ?? '') !== (value ?? '')) setTexte(afficherJour(value));
  }
  const invalide = texte.trim() !== '' && lireJour(texte) === null;
  return (
    <TextInput
      ref={ref}
      name={name}
      label={label}
      description={description}
      withAsterisk={withAsterisk}
      disabled={disabled}
      size={size}
      w={w}
      aria-label={ariaLabel}
      readOnly={readOnly}
      placeholder="jj/mm/aaaa"
      inputMode="numeric"
      autoComplete="off"
      value={texte}
      error={error ?? (quitte && invalide ? FORMAT : undefined)}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setTexte(t);
        setQuitte(false);
        onChange(lireJour(t) ?? '');
      }}
      onBlur={(e) => {
        setQuitte(true);
        const jour = lireJour(texte);
        if (jour) setTexte(afficherJour(jour));
        onBlur?.(e);
      }}
      rightSection={
        <Popover opened={ouvert} onChange={setOuvert} position="bottom-end" shadow="md">
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              disabled={disabled || readOnly}
              // Not the field's label: 'Date' must name the field alone.
              aria-label="Ouvrir le calendrier"
              onClick={() => setOuvert((o) => !o)}
            >
              <IconCalendar size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              value={lireJour(texte)}
              defaultDate={lireJour(texte) ?? undefined}
              minDate={min}
              maxDate={max}
              onChange={(jour) => {
                setTexte(afficherJour(jour));
                setQuitte(false);
                onChange(jour ?? '');
                setOuvert(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
