import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildPath,
  HANDLER_GROUPS,
  matchRoute,
  ROUTE_AREAS,
  ROUTE_IDS,
  ROUTES,
  routeKeyOf,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

const root = join(import.meta.dirname, '..', '..');

describe('the route manifest', () => {
  it('has one route per method and path', () => {
    const keys = ROUTE_IDS.map((id) => routeKeyOf(ROUTES[id]));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a params schema exactly when the path has placeholders, with the same names', () => {
    for (const id of ROUTE_IDS) {
      const route: { path: string; params?: z.ZodObject } = ROUTES[id] as never;
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = route.params ? Object.keys(route.params.shape).sort() : [];
      expect(declared, id).toEqual(names);
    }
  });

  it('has a handler module for every group', () => {
    for (const group of HANDLER_GROUPS) {
      expect(existsSync(join(root, 'functions', 'src', 'routes', `${group}.ts`)), group).toBe(true);
    }
  });

  it('matches concrete paths like API Gateway, decoding parameters', () => {
    expect(matchRoute('GET', '/api/clubs')).toEqual({ id: 'listClubs', params: {} });
    expect(matchRoute('GET', '/api/clubs/abc%20d')).toEqual({ id: 'getClub', params: { clubId: 'abc d' } });
    expect(matchRoute('DELETE', '/api/clubs/abc')).toEqual({ id: null, methodNotAllowed: true });
    expect(matchRoute('GET', '/api/nope')).toEqual({ id: null, methodNotAllowed: false });
    expect(matchRoute('GET', '/api/clubs/%E0%A4%A')).toEqual({ id: null, methodNotAllowed: false });
  });

  it('builds paths with encoded parameters', () => {
    expect(buildPath('/api/clubs/{clubId}', { clubId: 'a/b' })).toBe('/api/clubs/a%2Fb');
    expect(() => buildPath('/api/clubs/{clubId}', {})).toThrow(/clubId/);
  });
});

describe('route areas', () => {
  it('never reuse a route id across areas (a later spread would silently replace an earlier one)', () => {
    const ids = ROUTE_AREAS.flatMap((area) => Object.keys(area));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...ROUTE_IDS].sort());
  });
});
