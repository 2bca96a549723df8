import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Box } from '@mantine/core';

interface Props {
  /** Image size in CSS and canvas pixels (spec part 2 §9: 400×100 auditor, 200×100 audited). */
  largeur: number;
  hauteur: number;
  /** The drawing as a PNG data URL, or null once cleared or still blank. */
  onChange: (image: string | null) => void;
  /** Changing it clears the pad (the dialog's 'Effacer'). */
  effacement?: number;
  label: string;
}

/**
 * A signature_pad canvas at exactly the stored image size. The canvas is not scaled to the
 * device pixel ratio on purpose: the PNG must be the spec's size, whatever the screen.
 */
export function PadSignature({ largeur, hauteur, onChange, effacement = 0, label }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const rappel = useRef(onChange);
  useEffect(() => {
    rappel.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!canvas.current) return;
    const p = new SignaturePad(canvas.current, { backgroundColor: 'rgb(255,255,255)' });
    const fin = () => rappel.current(p.isEmpty() ? null : p.toDataURL('image/png'));
    p.addEventListener('endStroke', fin);
    pad.current = p;
    return () => {
      p.removeEventListener('endStroke', fin);
      p.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (effacement === 0 || !pad.current) return;
    pad.current.clear();
    rappel.current(null);
  }, [effacement]);

  return (
    <Box
      style={{
        width: largeur,
        height: hauteur,
        // The border goes around the canvas, never over it: the pad stays exactly its image size.
        boxSizing: 'content-box',
        border: '1px solid var(--mantine-color-gray-5)',
        borderRadius: 4,
        touchAction: 'none',
      }}
    >
      <canvas ref={canvas} width={largeur} height={hauteur} aria-label={label} role="img" />
    </Box>
  );
}
