import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { alerteStockageSiBesoin } from '@estive/domain';
import { gestionnaireStockage } from '../../lib/navigateur';

const ID_NOTIFICATION = 'alerte-stockage';
/** Offline work fills the store while the app runs: the estimate is read again now and then. */
const INTERVALLE_MS = 60_000;

function estChrome(): boolean {
  return /Chrom(e|ium)\//.test(navigator.userAgent);
}

async function verifierStockage(): Promise<void> {
  const stockage = gestionnaireStockage();
  if (!stockage) return;
  const texte = alerteStockageSiBesoin(await stockage.estimate(), estChrome());
  if (!texte) {
    notifications.hide(ID_NOTIFICATION);
    return;
  }
  const notification = {
    id: ID_NOTIFICATION,
    color: 'red',
    title: 'Stockage insuffisant',
    message: texte,
    // Persistent (spec part 2 §8): the controller must not miss it before a day offline.
    autoClose: false as const,
    withCloseButton: true,
  };
  // show() ignores an id already shown; update() then refreshes the missing megabytes.
  notifications.show(notification);
  notifications.update(notification);
}

/** The low-storage warning of spec part 2 §8, checked at start and every minute. */
export function AlerteStockage() {
  useEffect(() => {
    void verifierStockage();
    const minuterie = window.setInterval(() => void verifierStockage(), INTERVALLE_MS);
    return () => window.clearInterval(minuterie);
  }, []);
  return null;
}
