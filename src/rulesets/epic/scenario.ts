/**
 * Scenario files of maps/epic/: untrusted JSON, parsed here and nowhere else. Each refusal names the field
 * and the reason, in French and English.
 */
import { z } from 'zod';
import { basesOverlap, insideTable, pointInPolygon, TERRAIN_KINDS } from '../../engine/geometry';
import { schemaError } from '../../engine/record';
import { err, ok, type Result } from '../../engine/result';
import { abilityRefusal, findAbility } from './catalogue';
import { PROFILES, WEAPONS } from './data';
import { cargo } from './state';
import { ALTITUDES, EPIC_SIDES, type EpicSide } from './types';

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
        /** NE-W04 / C10: a building's Structure Points and save (both or neither; buildings only). */
        sp: z.number().int().min(1).max(50).optional(),
        save: z.number().int().min(2).max(7).optional(),
      }),
    )
    .max(200),
  /** NE-U54: off-table artillery Formations, each called once through an OA of its side. */
  offTable: z
    .array(
      z.object({
        id,
        side: z.enum(EPIC_SIDES),
        name: message,
        points: z.number().int().min(0).max(5000),
        weapon: z.string().max(40),
      }),
    )
    .max(10)
    .optional(),
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
        /** Absent: 3 for a command unit (NE-U89), refused otherwise. */
        morale: z.number().int().min(2).max(12).nullable().optional(),
        /** Detachment abilities granted by the army list (catalogue ids or French names). */
        abilities: z.array(z.string().max(60)).max(10).optional(),
        bases: z
          .array(
            z.object({
              id,
              profile: z.string(),
              x: z.number().finite(),
              y: z.number().finite(),
              facing: z.number().finite().default(0),
              carriedBy: id.optional(),
              /** NE-U95: a flyer's altitude (default High); other bases are on the ground. */
              altitude: z.enum(ALTITUDES).optional(),
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
    // NE-W04: Structure Points and a save belong to buildings, and go together.
    if ((t.sp !== undefined || t.save !== undefined) && t.kind !== 'building')
      return fail(
        `terrain "${t.id}" is a ${t.kind}: only a building has Structure Points and a save (NE-W04).`,
        `le décor « ${t.id} » est de type ${t.kind} : seul un bâtiment a des Points de Structure et une sauvegarde (NE-W04).`,
        `terrain.${i}.${t.sp !== undefined ? 'sp' : 'save'}`,
      );
    if ((t.sp === undefined) !== (t.save === undefined))
      return fail(
        `building "${t.id}" needs both Structure Points (sp) and a save, or neither (NE-W04).`,
        `le bâtiment « ${t.id} » doit avoir des Points de Structure (sp) et une sauvegarde, ou aucun des deux (NE-W04).`,
        `terrain.${i}.${t.sp === undefined ? 'sp' : 'save'}`,
      );
  }
  for (const [i, o] of sc.objectives.entries())
    if (o.x < 0 || o.y < 0 || o.x > table.width || o.y > table.height)
      return fail(
        `objective "${o.id}" is off the table.`,
        `l'objectif « ${o.id} » est hors de la table.`,
        `objectives.${i}`,
      );
  const ids = new Set<string>();
  for (const [i, f] of (sc.offTable ?? []).entries()) {
    const w = WEAPONS[f.weapon];
    if (!w?.abilities?.artillerie || !w.abilities.gabarit)
      return fail(
        `off-table Formation "${f.id}": "${f.weapon}" is not an Artillerie template weapon (NE-U54).`,
        `Formation hors champ « ${f.id} » : « ${f.weapon} » n'est pas une arme d'Artillerie à gabarit (NE-U54).`,
        `offTable.${i}.weapon`,
      );
    if (ids.has(f.id))
      return fail(
        `id "${f.id}" is used twice.`,
        `l'identifiant « ${f.id} » est utilisé deux fois.`,
        `offTable.${i}.id`,
      );
    ids.add(f.id);
  }
  const placed: { x: number; y: number; r: number; alt: number; field: string }[] = [];
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
    // Ability names are data: a blank "-" row, an unknown name or one not implemented is refused, never guessed.
    for (const [ai, name] of (det.abilities ?? []).entries()) {
      const why = abilityRefusal(name, 'unit', true);
      if (why) return fail(why.en, why.fr, `detachments.${di}.abilities.${ai}`);
    }
    const granted = (det.abilities ?? []).map((n) => findAbility(n)!.id);
    const command =
      granted.includes('NE-U88') || det.bases.some((b) => PROFILES[b.profile]?.abilities.commandement);
    if (det.morale === undefined && !command)
      return fail(
        `detachment "${det.id}" has no morale value (write null for Sans moral, NE-U71).`,
        `le détachement « ${det.id} » n'a pas de valeur de moral (null pour Sans moral, NE-U71).`,
        `detachments.${di}.morale`,
      );
    let gretchins = 0;
    let orks = 0;
    let characters = 0;
    let hostCls = 0;
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
      if (p.abilities.personnageLie) characters++;
      if (b.carriedBy !== undefined) {
        const t = det.bases.find((o) => o.id === b.carriedBy);
        const tp = t && PROFILES[t.profile];
        if (!tp?.abilities.transport)
          return fail(
            `base "${b.id}" is carried by "${b.carriedBy}", which is not a transport of its detachment.`,
            `le socle « ${b.id} » est transporté par « ${b.carriedBy} », qui n'est pas un transport de son détachement.`,
            `${field}.carriedBy`,
          );
        // NE-U81/U85/U58/U02: what it costs its transport; NE-U85: one Personnage rides free in a Transport (6+).
        const aboard = det.bases.slice(0, bi).filter((o) => o.carriedBy === b.carriedBy);
        let freeUsed = false;
        let units = 0;
        let towed = 0;
        for (const o of aboard) {
          const c = cargo(tp, PROFILES[o.profile]!, freeUsed);
          if (c === 'free') freeUsed = true;
          else if (c === 'tow') towed++;
          else if (typeof c === 'number') units += c;
        }
        const c = cargo(tp, p, freeUsed);
        if (c === null)
          return fail(
            `only infantry (and walkers in a Transport (6+)) may be carried (NE-U81, NE-U85).`,
            `seule l'infanterie (et les marcheurs dans un Transport (6+)) peut être transportée (NE-U81, NE-U85).`,
            `${field}.carriedBy`,
          );
        if (c === 'tow' ? towed >= 1 : typeof c === 'number' && units + c > (tp.abilities.transport ?? 0))
          return fail(
            `transport "${b.carriedBy}" carries more than ${tp.abilities.transport} bases (NE-U81).`,
            `le transport « ${b.carriedBy} » emporte plus de ${tp.abilities.transport} socles (NE-U81).`,
            `${field}.carriedBy`,
          );
        continue;
      }
      // NE-U95: only flyers leave the ground; a detachment's flyers share one altitude; only transports land.
      const alt = p.abilities.volant ? ALTITUDES.indexOf(b.altitude ?? 'haute') : 0;
      if (!p.abilities.volant && b.altitude !== undefined && b.altitude !== 'sol')
        return fail(
          `base "${b.id}" is not a flyer: it stays on the ground (NE-U95).`,
          `le socle « ${b.id} » n'est pas un Volant : il reste au sol (NE-U95).`,
          `${field}.altitude`,
        );
      if (alt === 0 && p.abilities.volant && !p.abilities.transport)
        return fail(
          `only flyers with Transport may land (NE-U95): "${b.id}".`,
          `seuls les Volants avec Transport peuvent atterrir (NE-U95) : « ${b.id} ».`,
          `${field}.altitude`,
        );
      const first = det.bases.find((o) => !o.carriedBy);
      if (first && (first.altitude ?? 'x') !== (b.altitude ?? 'x'))
        return fail(
          `all bases of detachment "${det.id}" must be at the same altitude (NE-U95).`,
          `tous les socles du détachement « ${det.id} » doivent être à la même altitude (NE-U95).`,
          `${field}.altitude`,
        );
      const base = { x: b.x, y: b.y, r: p.radius, alt };
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
      const clash = placed.find((o) => o.alt === alt && basesOverlap(o, base));
      if (clash)
        return fail(
          `base "${b.id}" overlaps ${clash.field}.`,
          `le socle « ${b.id} » chevauche ${clash.field}.`,
          field,
        );
      placed.push({ ...base, field });
    }
    // Its transports do not set a detachment's class, unless it has nothing else (NE-U58).
    const hosts = det.bases.map((b) => PROFILES[b.profile]!).filter((p) => !p.abilities.personnageLie);
    const troops = hosts.filter((p) => !p.abilities.transport);
    for (const p of troops.length > 0 ? troops : hosts) hostCls = Math.max(hostCls, p.cls);
    // NE-U58: at most 2 attached characters; class 1 joins infantry or cavalry, class 2+ its own class only.
    if (characters > 2)
      return fail(
        `detachment "${det.id}" has ${characters} attached characters; at most 2 (NE-U58).`,
        `le détachement « ${det.id} » a ${characters} personnages liés ; 2 au plus (NE-U58).`,
        `detachments.${di}.bases`,
      );
    for (const [bi, b] of det.bases.entries()) {
      const p = PROFILES[b.profile]!;
      if (!p.abilities.personnageLie || hostCls === 0) continue;
      const okHost = p.cls === 1 ? hostCls <= 2 : hostCls === p.cls;
      if (!okHost)
        return fail(
          `attached character "${b.id}" (class ${p.cls}) cannot join a class-${hostCls} detachment (NE-U58).`,
          `le personnage lié « ${b.id} » (classe ${p.cls}) ne peut rejoindre un détachement de classe ${hostCls} (NE-U58).`,
          `detachments.${di}.bases.${bi}.profile`,
        );
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
