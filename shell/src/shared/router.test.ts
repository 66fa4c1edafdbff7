// @vitest-environment node
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as router from './router';

type BiomeConfig = {
  linter: { rules: { style: { noRestrictedImports: { options: { paths: Record<string, Allowed> } } } } };
};
type Allowed = { allowImportNames: string[] };

describe('the router the shell provides to the remotes', () => {
  it('has every export the lint rule lets the front-ends import, and no other', () => {
    const biome = JSON.parse(
      readFileSync(new URL('../../../biome.json', import.meta.url), 'utf8'),
    ) as BiomeConfig;
    const allowed = biome.linter.rules.style.noRestrictedImports.options.paths['react-router-dom'];
    expect(Object.keys(router).sort()).toEqual([...(allowed?.allowImportNames ?? [])].sort());
    for (const value of Object.values(router)) expect(value).toBeTruthy();
  });
});
