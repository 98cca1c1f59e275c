/**
 * Scenario files of maps/company/: untrusted JSON, parsed here and nowhere else. Each refusal has a stable
 * code, names the field and says why, in French and English.
 */
import { z } from 'zod';
import { basesOverlap, insideTable, pointInPolygon, TERRAIN_KINDS } from '../../engine/geometry';
import { schemaError } from '../../engine/record';
import { err, ok, type Result } from '../../engine/result';
import { PROFILES } from './data';
import { COMPANY_SIDES, type CompanySide } from './types';

const message = z.object({ fr: z.string().min(1).max(200), en: z.string().min(1).max(200) });
const point = z.object({ x: z.number().finite(), y: z.number().finite() });
const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _ only, 1 to 40 characters');
const rect = z.object({
  x0: z.number().finite(),
  y0: z.number().finite(),
  x1: z.number().finite(),
  y1: z.number().finite(),
});

const scenarioSchema = z.object({
  id,
  name: message,
  /** core/company.md §8: the scenario sets the number of turns. */
  turnLimit: z.number().int().min(1).max(12),
  /** In toises. */
  table: z.object({ width: z.number().min(10).max(72), height: z.number().min(10).max(72) }),
  terrain: z
    .array(
      z.object({
        id,
        kind: z.enum(TERRAIN_KINDS),
        height: z.number().min(0).max(20),
        poly: z.array(point).min(3).max(64),
      }),
    )
    .max(100),
  objectives: z
    .array(
      z.object({
        id,
        x: z.number().finite(),
        y: z.number().finite(),
        value: z.number().int().min(0).max(100),
      }),
    )
    .max(10),
  sides: z.object({
    blue: z.object({ name: message, deployment: rect }),
    red: z.object({ name: message, deployment: rect }),
  }),
  combatants: z
    .array(
      z.object({
        id,
        side: z.enum(COMPANY_SIDES),
        profile: z.string().max(40),
        x: z.number().finite(),
        y: z.number().finite(),
      }),
    )
    .min(2)
    .max(40),
});

export type CompanyScenario = z.infer<typeof scenarioSchema>;

const fail = (code: string, en: string, fr: string, field: string) =>
  err(code, `Scenario: ${en}`, `Scénario : ${fr}`, field);

/** Parses and checks a scenario: the schema, then what a schema cannot say. */
export function parseCompanyScenario(json: unknown): Result<CompanyScenario> {
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      error: schemaError('ERR_SCENARIO_SCHEMA', parsed.error, { en: 'Scenario', fr: 'Scénario' }),
    };
  const sc = parsed.data;
  const table = { width: sc.table.width, height: sc.table.height, terrain: sc.terrain };
  const terrainIds = new Set<string>();
  for (const [i, t] of sc.terrain.entries()) {
    if (terrainIds.has(t.id))
      return fail(
        'ERR_SCENARIO_DUPLICATE',
        `terrain id "${t.id}" is used twice.`,
        `l'identifiant de décor « ${t.id} » est utilisé deux fois.`,
        `terrain.${i}.id`,
      );
    terrainIds.add(t.id);
  }
  for (const [i, o] of sc.objectives.entries())
    if (o.x < 0 || o.y < 0 || o.x > table.width || o.y > table.height)
      return fail(
        'ERR_SCENARIO_PLACEMENT',
        `objective "${o.id}" is off the table.`,
        `l'objectif « ${o.id} » est hors de la table.`,
        `objectives.${i}`,
      );
  for (const side of COMPANY_SIDES) {
    const d = sc.sides[side].deployment;
    if (d.x0 > d.x1 || d.y0 > d.y1)
      return fail(
        'ERR_SCENARIO_ZONE',
        `the deployment zone of "${side}" is empty (x0 > x1 or y0 > y1).`,
        `la zone de déploiement de « ${side} » est vide (x0 > x1 ou y0 > y1).`,
        `sides.${side}.deployment`,
      );
    if (!sc.combatants.some((c) => c.side === side))
      return fail(
        'ERR_SCENARIO_SIDE',
        `side "${side}" has no combatant.`,
        `le camp « ${side} » n'a aucun combattant.`,
        'combatants',
      );
  }
  const ids = new Set<string>();
  const placed: { x: number; y: number; r: number; field: string }[] = [];
  for (const [i, c] of sc.combatants.entries()) {
    const field = `combatants.${i}`;
    const p = PROFILES[c.profile];
    if (!p)
      return fail(
        'ERR_SCENARIO_PROFILE',
        `unknown profile "${c.profile}".`,
        `profil inconnu « ${c.profile} ».`,
        `${field}.profile`,
      );
    if (ids.has(c.id))
      return fail(
        'ERR_SCENARIO_DUPLICATE',
        `combatant id "${c.id}" is used twice.`,
        `l'identifiant de combattant « ${c.id} » est utilisé deux fois.`,
        `${field}.id`,
      );
    ids.add(c.id);
    const base = { x: c.x, y: c.y, r: p.radius };
    if (!insideTable(table, base))
      return fail(
        'ERR_SCENARIO_PLACEMENT',
        `combatant "${c.id}" is off the table.`,
        `le combattant « ${c.id} » est hors de la table.`,
        field,
      );
    const dep = sc.sides[c.side as CompanySide].deployment;
    if (c.x < dep.x0 || c.x > dep.x1 || c.y < dep.y0 || c.y > dep.y1)
      return fail(
        'ERR_SCENARIO_PLACEMENT',
        `combatant "${c.id}" is outside its deployment zone.`,
        `le combattant « ${c.id} » est hors de sa zone de déploiement.`,
        field,
      );
    if (
      sc.terrain.some(
        (t) =>
          (t.kind === 'impassable' || t.kind === 'water' || t.kind === 'building') &&
          pointInPolygon(c, t.poly),
      )
    )
      return fail(
        'ERR_SCENARIO_PLACEMENT',
        `combatant "${c.id}" stands on Impraticable terrain.`,
        `le combattant « ${c.id} » est sur un terrain Impraticable.`,
        field,
      );
    const clash = placed.find((o) => basesOverlap(o, base));
    if (clash)
      return fail(
        'ERR_SCENARIO_PLACEMENT',
        `combatant "${c.id}" overlaps ${clash.field}.`,
        `le combattant « ${c.id} » chevauche ${clash.field}.`,
        field,
      );
    placed.push({ ...base, field });
  }
  return ok(sc);
}
