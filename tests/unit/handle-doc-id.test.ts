/** A handle's doc id and back (src/schema/frozen-accounts.ts): the operator's tools read client-written ids through it. */
import { describe, expect, it } from 'vitest';
import { handleDocId, xHandleOfDocId } from '../../src/schema/frozen-accounts';

describe('xHandleOfDocId', () => {
  it('reads the handle back from its doc id', () => {
    expect(xHandleOfDocId(handleDocId('miu_0312'))).toBe('miu_0312');
  });

  it('names no handle for an id that is not an X handle', () => {
    for (const id of ['x_', 'x_MIU', 'x_miu-0312', `x_${'a'.repeat(16)}`, 'ig_miu', 'miu', 'x_miu/../a'])
      expect(xHandleOfDocId(id)).toBeNull();
  });
});
