// No import circles in the server code (functions/ and shared/), type-only imports included: a circle
// makes which module is evaluated first depend on the entry point (a constant read at load time can be
// undefined in one Lambda and fine in another), and a type-only one becomes a real one with the next
// value imported along the same path. The graph is resolved as tsconfig.json resolves it
// (scripts/imports/graph.ts; `npx tsx scripts/imports/graph.ts` lists the circles).
import { describe, expect, it } from 'vitest';
import { areaArrows, findCycles, importGraph } from '../scripts/imports/graph';

describe('import circles', () => {
  it('finds none in functions/ and shared/', () => {
    const edges = importGraph(['functions', 'shared']);
    // The walker read the code (a broken resolution would find no circle because it found no import).
    expect(edges.some((e) => e.from === 'functions/data/appointments.ts' && e.to === 'functions/data/appointment-time.ts')).toBe(true);
    expect(edges.some((e) => e.from === 'functions/data/core.ts' && e.to === 'functions/lib/errors.ts')).toBe(true); // #lib/*
    expect(edges.some((e) => e.to.startsWith('shared/'))).toBe(true); // #shared/*
    expect(findCycles(edges).map((cycle) => cycle.join(' -> '))).toEqual([]);
  }, 60_000); // parses some 400 files: seconds on a busy machine

  it('finds no import from one handler area into another (what areas share lives in functions/domain)', () => {
    const edges = importGraph(['functions']);
    expect(edges.some((e) => e.from === 'functions/bookings/create-booking.ts' && e.to === 'functions/domain/bookings/places.ts')).toBe(true); // #domain/*
    // ESLint refuses such an import by its specifier (eslint.config.js); this reads the resolved graph.
    expect(areaArrows(edges).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
    expect(areaArrows([{ from: 'functions/manage/list-days.ts', to: 'functions/availability/lib/x.ts', typeOnly: true }])).toHaveLength(1);
    expect(areaArrows([{ from: 'functions/manage/list-days.ts', to: 'functions/domain/availability/diary.ts', typeOnly: false }])).toHaveLength(0);
  }, 60_000);

  it('lists each circle once, from its first file, type-only imports and self-imports included', () => {
    const edge = (from: string, to: string) => ({ from, to });
    const cycles = findCycles([
      edge('c.ts', 'a.ts'),
      edge('a.ts', 'b.ts'),
      edge('b.ts', 'c.ts'),
      edge('b.ts', 'd.ts'), // d leads nowhere back
      edge('x.ts', 'y.ts'),
      edge('y.ts', 'x.ts'),
      edge('s.ts', 's.ts'),
      edge('p.ts', 'q.ts'),
    ]);
    expect(cycles).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['s.ts', 's.ts'],
      ['x.ts', 'y.ts', 'x.ts'],
    ]);
  });
});
