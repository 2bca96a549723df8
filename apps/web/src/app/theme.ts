import {
  ActionIcon,
  Button,
  createTheme,
  Input,
  rem,
  type AlertProps,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
} from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';

/**
 * Default props of a component the shell does not render itself, typed by its props only: `X.extend`
 * would import the component (the dialogs, the date picker) into the shell (issue 17, item 6).
 */
const defauts = <P>(defaultProps: Partial<P>) => ({ defaultProps });

/** A calm alpine green: pasture in summer, readable in sunlight on a tablet. */
const estive: MantineColorsTuple = [
  '#edf7f1',
  '#dcebe2',
  '#b6d6c3',
  '#8dc0a2',
  '#6aad86',
  '#53a174',
  '#469a6a',
  '#368658',
  '#2f6b4f',
  '#1f5a3f',
];

/** Touch targets of at least 44 px (WCAG 2.5.5): controllers tap on tablets, in the field. */
const CIBLE_TACTILE = rem(44);
const COMPACTS = new Set(['xs', 'compact-xs', 'compact-sm', 'compact-md']);

export const theme = createTheme({
  primaryColor: 'estive',
  primaryShade: 8,
  colors: { estive },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: Button.extend({
      vars: (_theme, props) => ({
        root:
          props.size && (COMPACTS.has(props.size) || props.size === 'lg' || props.size === 'xl')
            ? {}
            : { '--button-height': CIBLE_TACTILE },
      }),
    }),
    ActionIcon: ActionIcon.extend({ defaultProps: { size: CIBLE_TACTILE } }),
    Input: Input.extend({
      vars: () => ({ wrapper: { '--input-height': CIBLE_TACTILE } }),
    }),
    // No English, nor an unnamed button, on screen: close buttons say what they do, in French.
    Modal: defauts<ModalProps>({ closeButtonProps: { 'aria-label': 'Fermer' } }),
    Drawer: defauts<DrawerProps>({ closeButtonProps: { 'aria-label': 'Fermer' } }),
    Notification: defauts<NotificationProps>({
      closeButtonProps: { 'aria-label': 'Fermer la notification' },
    }),
    Alert: defauts<AlertProps>({ closeButtonLabel: 'Fermer' }),
    PasswordInput: defauts<PasswordInputProps>({
      visibilityToggleButtonProps: { 'aria-label': 'Afficher ou masquer les caractères saisis' },
    }),
    DatePickerInput: defauts<DatePickerInputProps>({
      previousLabel: 'Précédent',
      nextLabel: 'Suivant',
    }),
  },
});
