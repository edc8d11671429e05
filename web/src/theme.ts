import { Alert, createTheme, FileInput, Modal, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // The darkest shades keep white text on filled buttons at WCAG AA contrast.
  primaryShade: 9,
  autoContrast: true,
  // Modals and menus appear without animation for users who ask the system for less motion.
  respectReducedMotion: true,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // Icon-only close buttons get a name screen readers say.
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } }),
    // A dialog's title bar is a plain block: as <header> it would be a second banner landmark beside the desk's own.
    ModalHeader: { defaultProps: { component: 'div' } },
    // Coloured titles on tinted alerts fall under 4.5:1; dark text keeps them readable.
    Alert: Alert.extend({ vars: () => ({ root: { '--alert-color': 'var(--mantine-color-dark-8)' } }) }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar aviso' } } }),
    FileInput: FileInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Quitar el archivo' } } }),
  },
});
