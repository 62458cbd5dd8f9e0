import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

type OutputChunk = Rolldown.OutputChunk;
type OutputAsset = Rolldown.OutputAsset;
const chunk = (code: string) => ({ type: 'chunk', code }) as OutputChunk;

async function generate(bundle: Record<string, OutputChunk | OutputAsset>): Promise<void> {
  const hook = compileHints().generateBundle;
  if (!hook || typeof hook !== 'object') throw new Error('compileHints has no ordered generateBundle hook');
  await hook.handler.call({} as never, {} as never, bundle, false);
}

describe('compileHints', () => {
  it('puts the compile hint on the first line of every chunk, once', async () => {
    const bundle = { 'assets/index.js': chunk('import"./a.js";'), 'assets/a.js': chunk(`${COMPILE_HINT}export{}`) };
    await generate(bundle);
    expect(bundle['assets/index.js'].code).toBe('//# allFunctionsCalledOnLoad\nimport"./a.js";');
    expect(bundle['assets/a.js'].code).toBe(`${COMPILE_HINT}export{}`);
  });

  it('leaves stylesheets and other assets alone', async () => {
    const css = { type: 'asset', source: 'a{color:red}' } as OutputAsset;
    await generate({ 'assets/index.css': css });
    expect(css.source).toBe('a{color:red}');
  });

  it('runs after Vite has written the entry preload map in front of the code', () => {
    const plugin = compileHints();
    expect(plugin.enforce).toBe('post');
    expect(plugin.generateBundle).toMatchObject({ order: 'post' });
  });
});
