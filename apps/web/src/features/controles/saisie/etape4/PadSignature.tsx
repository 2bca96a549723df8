import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Box } from '@mantine/core';

interface Props {
  /** Image size in canvas pixels, and the pad's largest size on screen in CSS pixels. */
  largeur: number;
  hauteur: number;
  /** The drawing as a PNG data URL, or null once cleared or still blank. */
  onChange: (image: string | null) => void;
  /** Changing it clears the pad (the dialog's 'Effacer'). */
  effacement?: number;
  label: string;
}

/**
 * A signature_pad canvas whose image is always `largeur`×`hauteur` pixels, whatever the screen.
 * On a screen narrower than the pad (a phone), the pad shrinks with the same proportions and the
 * drawing is scaled back up to the image size, so the signature is never cut nor off-screen.
 */
export function PadSignature({ largeur, hauteur, onChange, effacement = 0, label }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const rappel = useRef(onChange);
  useEffect(() => {
    rappel.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const p = new SignaturePad(c, { backgroundColor: 'rgb(255,255,255)' });
    // signature_pad draws in CSS pixels: scale them to the canvas's own pixels.
    const ajuster = () => {
      const affichee = c.getBoundingClientRect().width;
      const echelle = affichee > 0 ? largeur / affichee : 1;
      c.getContext('2d')?.setTransform(echelle, 0, 0, echelle, 0, 0);
    };
    ajuster();
    const observateur = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(ajuster);
    observateur?.observe(c);
    const fin = () => rappel.current(p.isEmpty() ? null : p.toDataURL('image/png'));
    p.addEventListener('endStroke', fin);
    pad.current = p;
    return () => {
      observateur?.disconnect();
      p.removeEventListener('endStroke', fin);
      p.off();
      pad.current = null;
    };
  }, [largeur]);

  useEffect(() => {
    if (effacement === 0 || !pad.current) return;
    pad.current.clear();
    rappel.current(null);
  }, [effacement]);

  return (
    <Box
      style={{
        width: '100%',
        maxWidth: largeur,
        aspectRatio: `${largeur} / ${hauteur}`,
        // The border goes around the canvas, never over it.
        boxSizing: 'content-box',
        border: '1px solid var(--mantine-color-gray-5)',
        borderRadius: 4,
        touchAction: 'none',
      }}
    >
      <canvas
        ref={canvas}
        width={largeur}
        height={hauteur}
        aria-label={label}
        role="img"
        style={{ display: 'block', width: '100%', height: '100%' }}
      />
    </Box>
  );
}
