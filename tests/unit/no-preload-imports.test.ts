import { describe, expect, it } from 'vitest';
import { unwrapNoPreloadImports } from '../../scripts/vite/no-preload-imports';

describe('unwrapNoPreloadImports', () => {
  it('parenthesises the specifier of a marked dynamic import, as esbuild leaves it', () => {
    const esbuilt = 'const a = () => import(\n  /* no-preload */\n  "../islands/account/signed-in"\n);';
    expect(unwrapNoPreloadImports(esbuilt)).toBe('const a = () => import(("../islands/account/signed-in"));');
    expect(unwrapNoPreloadImports("import(/* no-preload */ './x')")).toBe("import(('./x'))");
  });

  it('leaves unmarked imports and other comments alone', () => {
    const code = 'import("./a"); import(/* @vite-ignore */ "./b"); import(`./c`);';
    expect(unwrapNoPreloadImports(code)).toBe(code);
  });
});
