import { describe, expect, it } from 'vitest';
import { nombresOperateurs } from './recapitulatif';

const c = (tourneeId: string | null, personneMoraleId: string) => ({ tourneeId, personneMoraleId });

describe('nombresOperateurs: distinct operators, not controls', () => {
  it('one operator with controls on two labels and two dates counts once', () => {
    const n = nombresOperateurs(
      [{ id: 't1', nbOperateurs: 0 }],
      [c('t1', 'a'), c('t1', 'a'), c('t1', 'b'), c('t1', 'a'), c('t1', 'c')],
    );
    expect(n.get('t1')).toBe(3);
  });

  it('controls of other rounds and unannounced ones (no round) are not counted', () => {
    const n = nombresOperateurs(
      [
        { id: 't1', nbOperateurs: 9 },
        { id: 't2', nbOperateurs: 9 },
      ],
      [c('t1', 'a'), c('t2', 'a'), c('t2', 'b'), c(null, 'z')],
    );
    expect(n.get('t1')).toBe(1);
    expect(n.get('t2')).toBe(2);
  });

  it("without the round's controls on the device, the server's figure stands in", () => {
    const n = nombresOperateurs(
      [
        { id: 't1', nbOperateurs: 4 },
        { id: 't2', nbOperateurs: undefined as unknown as number },
      ],
      [],
    );
    expect(n.get('t1')).toBe(4);
    expect(n.get('t2')).toBeNull();
  });
});
