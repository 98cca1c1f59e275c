/**
 * Scenario files of maps/epic/: untrusted JSON, parsed here and nowhere else. Each refusal names the field
 * and the reason, in French and English.
 */
import { z } from 'zod';
import { basesOverlap, insideTable, pointInPolygon, TERRAIN_KINDS } from '../../engine/geometry';
import { schemaError } from '../../engine/record';
import { err, ok, type Result } from '../../engine/result';
import { PROFILES } from './data';
import { EPIC_SIDES, type EpicSide } from './types';

const message = z.object({ fr: z.string().min(1).max(200), en: z.string().min(1).max(200) });
const point = z.object({ x: z.number().finite(), y: z.number().finite() });
const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _ only, 1 to 40 characters');
const rect = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });

const scenarioSchema = z.object({
  id,
  name: message,
  turnLimit: z.number().int().min(1).max(20),
  table: z.object({ width: z.number().min(20).max(1000), height: z.number().min(20).max(1000) }),
  terrain: z
    .array(
      z.object({
        id,
        kind: z.enum(TERRAIN_KINDS),
        height: z.number().min(0).max(100),
        poly: z.array(point).min(3).max(64),
      }),
    )
    .max(200),
  objectives: z
    .array(z.object({ id, x: z.number(), y: z.number(), value: z.number().min(0).max(100) }))
    .max(20),
  sides: z.object({
    blue: z.object({ name: message, deployment: rect }),
    red: z.object({ name: message, deployment: rect }),
  }),
  detachments: z
    .array(
      z.object({
        id,
        side: z.enum(EPIC_SIDES),
        name: message,
        morale: z.number().int().min(2).max(12).nullable(),
        bases: z
          .array(
            z.object({
              id,
              profile: z.string(),
              x: z.number().finite(),
              y: z.number().finite(),
              facing: z.number().finite().default(0),
              carriedBy: id.optional(),
            }),
          )
          .min(1)
          .max(40),
      }),
    )
    .min(2)
    .max(60),
});

export type EpicScenario = z.infer<typeof scenarioSchema>;

const fail = (en: string, fr: string, field: string) =>
  err('ERR_SCENARIO', `Scenario: ${en}`, `Scénario : ${fr}`, field);

/** Parses and checks a scenario: the schema, then the rules a schema cannot say. */
export function parseEpicScenario(json: unknown): Result<EpicScenario> {
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      error: schemaError('ERR_SCENARIO_SCHEMA', parsed.error, { en: 'Scenario', fr: 'Scénario' }),
    };
  const sc = parsed.data;
  const table = { width: sc.table.width, height: sc.table.height, terrain: sc.terrain };
  const seen = new Set<string>();
  for (const [i, t] of sc.terrain.entries()) {
    if (seen.has(t.id))
      return fail(
        `terrain id "${t.id}" is used twice.`,
        `l'identifiant de décor « ${t.id} » est utilisé deux fois.`,
        `terrain.${i}.id`,
      );
    seen.add(t.id);
  }
  for (const [i, o] of sc.objectives.entries())
    if (o.x < 0 || o.y < 0 || o.x > table.width || o.y > table.height)
      return fail(
        `objective "${o.id}" is off the table.`,
        `l'objectif « ${o.id} » est hors de la table.`,
        `objectives.${i}`,
      );
  const ids = new Set<string>();
  const placed: { x: number; y: number; r: number; field: string }[] = [];
  for (const side of EPIC_SIDES)
    if (!sc.detachments.some((d) => d.side === side))
      return fail(
        `side "${side}" has no detachment.`,
        `le camp « ${side} » n'a aucun détachement.`,
        'detachments',
      );
  for (const [di, det] of sc.detachments.entries()) {
    if (ids.has(det.id))
      return fail(
        `id "${det.id}" is used twice.`,
        `l'identifiant « ${det.id} » est utilisé deux fois.`,
        `detachments.${di}.id`,
      );
    ids.add(det.id);
    const dep = sc.sides[det.side as EpicSide].deployment;
    let gretchins = 0;
    let orks = 0;
    for (const [bi, b] of det.bases.entries()) {
      const field = `detachments.${di}.bases.${bi}`;
      const p = PROFILES[b.profile];
      if (!p)
        return fail(
          `unknown profile "${b.profile}".`,
          `profil inconnu « ${b.profile} ».`,
          `${field}.profile`,
        );
      if (ids.has(b.id))
        return fail(
          `id "${b.id}" is used twice.`,
          `l'identifiant « ${b.id} » est utilisé deux fois.`,
          `${field}.id`,
        );
      ids.add(b.id);
      if (p.abilities.gretchin) gretchins++;
      else if (p.race === 'ork' && p.cls <= 1) orks++;
      if (b.carriedBy !== undefined) {
        const t = det.bases.find((o) => o.id === b.carriedBy);
        const tp = t && PROFILES[t.profile];
        if (!tp?.abilities.transport)
          return fail(
            `base "${b.id}" is carried by "${b.carriedBy}", which is not a transport of its detachment.`,
            `le socle « ${b.id} » est transporté par « ${b.carriedBy} », qui n'est pas un transport de son détachement.`,
            `${field}.carriedBy`,
          );
        if (p.cls !== 1)
          return fail(
            `only infantry may be carried (NE-U81).`,
            `seule l'infanterie peut être transportée (NE-U81).`,
            `${field}.carriedBy`,
          );
        const load = det.bases.slice(0, bi + 1).filter((o) => o.carriedBy === b.carriedBy).length;
        if (load > (tp.abilities.transport ?? 0))
          return fail(
            `transport "${b.carriedBy}" carries more than ${tp.abilities.transport} bases (NE-U81).`,
            `le transport « ${b.carriedBy} » emporte plus de ${tp.abilities.transport} socles (NE-U81).`,
            `${field}.carriedBy`,
          );
        continue;
      }
      const base = { x: b.x, y: b.y, r: p.radius };
      if (!insideTable(table, base))
        return fail(`base "${b.id}" is off the table.`, `le socle « ${b.id} » est hors de la table.`, field);
      if (b.x < dep.x0 || b.x > dep.x1 || b.y < dep.y0 || b.y > dep.y1)
        return fail(
          `base "${b.id}" is outside its deployment zone.`,
          `le socle « ${b.id} » est hors de sa zone de déploiement.`,
          field,
        );
      if (sc.terrain.some((t) => t.kind === 'impassable' && pointInPolygon(b, t.poly)))
        return fail(
          `base "${b.id}" stands on impassable terrain.`,
          `le socle « ${b.id} » est sur un décor infranchissable.`,
          field,
        );
      const clash = placed.find((o) => basesOverlap(o, base));
      if (clash)
        return fail(
          `base "${b.id}" overlaps ${clash.field}.`,
          `le socle « ${b.id} » chevauche ${clash.field}.`,
          field,
        );
      placed.push({ ...base, field });
    }
    // NE-U39: Gretchins must be linked to Ork bases of the same or a lower class.
    if (gretchins > 0 && orks === 0)
      return fail(
        `Gretchins in "${det.id}" are not linked to an Ork detachment of the same or a lower class (NE-U39).`,
        `les Gretchins de « ${det.id} » ne sont liés à aucun détachement ork de classe égale ou inférieure (NE-U39).`,
        `detachments.${di}`,
      );
  }
  return ok(sc);
}
