/**
 * The isometric board: a Pixi scene that draws a `BoardModel` and its `Overlay`s and reports intents.
 * No rules inside (STYLE.md, chessground): what to draw comes in through `set()`, what the player does goes
 * out through `on('select' | 'point' | 'hover')`; the camera, the hover and the pooled sprites are the view's
 * own state and never the game's truth.
 *
 * Layers: a world container carries everything lying on the table in iso-plane units (iso.ts), so panning and
 * zooming only move and scale it; a screen container on top carries what must stay readable whatever the
 * zoom (tokens, names, HP bars, marker pips, objective labels), placed with `toScreen`. Unit sprites are
 * pooled by unit id and redrawn only when what they show changes. Changes are coalesced to one redraw per
 * animation frame; the Application's ticker is not needed (`Board.create` does not start it).
 */
import { Application, Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import type { BoardModel, Overlay, TerrainView, UnitView } from '../engine/board-model';
import { pointInPolygon, type TerrainKind } from '../engine/geometry';
import type { ShotFrame } from './effects';
import {
  type Camera,
  clampZoom,
  depthKey,
  fitCamera,
  groundEllipse,
  onTable,
  panCamera,
  project,
  projectDirection,
  type ScreenPoint,
  toScreen,
  toWorld,
  type WorldPoint,
  ZOOM_LIMITS,
  zoomAbout,
} from './iso';
import { DRAG_THRESHOLD, labelVisible, pickUnit, prismFaces, shadeColour, tokenSize } from './layout';

export type Lang = 'fr' | 'en';

export interface BoardSetOptions {
  /** The unit drawn as selected (the app's choice, not the view's). */
  selected?: string;
  lang: Lang;
}

/** What each intent carries: a unit id, a point of the table in world units, the unit under the pointer. */
export interface BoardIntents {
  select: string;
  point: WorldPoint;
  hover: string | null;
  /** The table point under the pointer (not dragging), or null once it leaves the table. */
  aim: WorldPoint | null;
}
export type BoardIntent = keyof BoardIntents;

export interface BoardCreateOptions {
  /** Canvas size in CSS pixels; the parent's size by default (800 × 600 when it has none). */
  width?: number;
  height?: number;
  /** Background colour, 0xRRGGBB. */
  background?: number;
  /** Device pixel ratio; window.devicePixelRatio by default. */
  resolution?: number;
  /** Follow the parent's size (a ResizeObserver); true unless a width and height are given. */
  resizeToParent?: boolean;
}

export interface BoardSnapshot {
  units: number;
  overlays: number;
  /** The kind of each overlay drawn, in order ('reach', 'line', 'zone', 'threat', …). */
  overlayKinds: string[];
  redraws: number;
}

/** Colours of terrain kinds (0xRRGGBB). */
export const TERRAIN_COLOURS: Record<TerrainKind, number> = {
  open: 0x9fb87a,
  difficult: 0x8c7a48,
  impassable: 0x6b6762,
  cover: 0xa89f8a,
  forest: 0x2f7a3c,
  building: 0xb08968,
  water: 0x3b82c4,
};

const TABLE_COLOUR = 0x7f9a5c;
const TABLE_EDGE = 0x4a5a36;
const SELECTED_COLOUR = 0xffd43b;
const HOVER_COLOUR = 0xffffff;
const THREAT_COLOUR = 0xff922b;
const TRACER_COLOUR = 0xfff3bf;
const HIT_COLOUR = 0xff6b00;
const MISS_COLOUR = 0xe9ecef;
const REACH_COLOUR = 0x4dabf7;
const LINE_CLEAR = 0x40c057;
const LINE_BLOCKED = 0xfa5252;
const NEUTRAL = 0xdee2e6;
const INK = 0x1b1e22;
/** Flat terrain is lifted this much over the table so it never fights with it. */
const FLAT_LIFT = 0.05;
/** Height of an objective's flag pole, in table units. */
const FLAG_HEIGHT = 5;

const KEY_PAN = 60;
const KEY_ZOOM = 1.25;

const ARIA: Record<Lang, string> = {
  fr: 'Plateau de jeu : cliquer une unité pour la choisir ; flèches pour déplacer la vue, + et − pour zoomer, F pour tout voir',
  en: 'Game board: click a unit to select it; arrow keys pan, + and − zoom, F fits the table',
};

const LABEL_STYLE: TextStyleOptions = {
  fontFamily: 'system-ui, sans-serif',
  fontSize: 12,
  fontWeight: '600',
  fill: 0xffffff,
  stroke: { color: INK, width: 3 },
  align: 'center',
};
const GLYPH_STYLE: TextStyleOptions = {
  fontFamily: 'system-ui, sans-serif',
  fontSize: 9,
  fontWeight: '700',
  fill: 0xffffff,
};

/** The sprites of one unit, reused from one redraw to the next. */
interface UnitSprite {
  /** On the table, in iso units (world layer). */
  base: Graphics;
  /** Standing on the base, in pixels (screen layer). */
  token: Container;
  body: Graphics;
  /** The name, in the labels layer, `labelOffset` pixels above the token's foot. */
  label: Text;
  labelOffset: number;
  glyphs: Map<string, Text>;
  baseKey: string;
  tokenKey: string;
}

/** The sprites of one objective's label, reused. */
interface ObjectiveSprite {
  label: Text;
  text: string;
}

type Listeners = { [K in BoardIntent]: Set<(value: BoardIntents[K]) => void> };

export class Board {
  readonly app: Application;
  /** How many times the scene was redrawn (at most one per animation frame). */
  redrawCount = 0;

  private readonly owned: boolean;
  private readonly root = new Container({ label: 'board' });
  private readonly world = new Container({ label: 'world' });
  private readonly screen = new Container({ label: 'screen' });
  private readonly tableG = new Graphics();
  private readonly terrainG = new Graphics();
  private readonly objectivesG = new Graphics();
  private readonly groundOverlayG = new Graphics();
  private readonly basesLayer = new Container({ sortableChildren: true });
  private readonly airOverlayG = new Graphics();
  /** Shots being animated (tracers, hit and miss markers), above everything on the table. */
  private readonly effectsG = new Graphics();
  private effects: ShotFrame[] = [];
  private effectsDirty = false;
  /** How many shot frames were drawn since the board was made (for the browser tests). */
  effectFramesDrawn = 0;
  private readonly tokensLayer = new Container({ sortableChildren: true });
  /** Names above every token, so a nearer token never hides a name. */
  private readonly labelsLayer = new Container({ sortableChildren: true });
  private readonly objectiveLabels = new Container();

  private model: BoardModel | null = null;
  private overlays: Overlay[] = [];
  private options: BoardSetOptions = { lang: 'fr' };
  private cam: Camera = { x: 0, y: 0, zoom: 1 };
  /** The camera was moved by the player: a resize keeps it; otherwise the table is fitted again. */
  private userCamera = false;
  private hovered: string | null = null;

  private staticKey = '';
  private drawnStaticKey = '';
  private objectivesKey = '';
  private drawnObjectivesKey = '';
  private overlaysDirty = true;
  private drawnOverlayZoom = 0;
  private drawnOverlayKinds: string[] = [];

  private readonly units = new Map<string, UnitSprite>();
  private readonly objectives = new Map<string, ObjectiveSprite>();
  private readonly listeners: Listeners = {
    select: new Set(),
    point: new Set(),
    hover: new Set(),
    aim: new Set(),
  };
  private aimed: WorldPoint | null = null;
  private aimFrame = 0;

  private frame = 0;
  private destroyed = false;
  private press: {
    id: number;
    x: number;
    y: number;
    lastX: number;
    lastY: number;
    dragging: boolean;
  } | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private readonly detach: (() => void)[] = [];

  /** Draws into `app` (already initialised by the caller); `destroy()` then leaves the app alive. */
  constructor(app: Application, internal: { owned?: boolean } = {}) {
    this.app = app;
    this.owned = internal.owned ?? false;
    this.world.addChild(
      this.tableG,
      this.terrainG,
      this.objectivesG,
      this.groundOverlayG,
      this.basesLayer,
      this.airOverlayG,
      this.effectsG,
    );
    this.screen.addChild(this.objectiveLabels, this.tokensLayer, this.labelsLayer);
    this.root.addChild(this.world, this.screen);
    // The view does its own picking (layout.ts); Pixi's hit testing is not needed.
    this.root.eventMode = 'none';
    app.stage.addChild(this.root);
    this.attachInput();
  }

  /** Creates a WebGL Application in `parent` and a Board owning it (destroyed with it). */
  static async create(parent: HTMLElement, options: BoardCreateOptions = {}): Promise<Board> {
    const width = options.width ?? (parent.clientWidth || 800);
    const height = options.height ?? (parent.clientHeight || 600);
    const app = new Application();
    await app.init({
      preference: 'webgl',
      width,
      height,
      background: options.background ?? 0x2b3035,
      antialias: true,
      autoStart: false,
      resolution: options.resolution ?? (globalThis.devicePixelRatio || 1),
      autoDensity: true,
    });
    parent.appendChild(app.canvas);
    const board = new Board(app, { owned: true });
    const follow = options.resizeToParent ?? (options.width === undefined || options.height === undefined);
    if (follow && typeof ResizeObserver !== 'undefined') {
      board.resizeObserver = new ResizeObserver(() => {
        const w = parent.clientWidth;
        const h = parent.clientHeight;
        if (w > 0 && h > 0 && (w !== app.screen.width || h !== app.screen.height)) {
          app.renderer.resize(w, h);
          board.resize();
        }
      });
      board.resizeObserver.observe(parent);
    }
    return board;
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  /** The current camera (a copy). */
  get camera(): Camera {
    return { ...this.cam };
  }

  /** New settings: what to draw, the overlays, the selection and the language. Drawn on the next frame. */
  set(model: BoardModel, overlays: Overlay[], options: BoardSetOptions = this.options): void {
    const previous = this.model;
    this.model = model;
    this.overlays = overlays;
    this.options = { ...options };
    this.staticKey = JSON.stringify([model.kind, model.width, model.height, model.terrain]);
    this.objectivesKey = JSON.stringify([model.objectives, model.sides, options.lang]);
    this.overlaysDirty = true;
    this.canvas.setAttribute('aria-label', ARIA[options.lang]);
    if (!previous || previous.width !== model.width || previous.height !== model.height) this.fitNow();
    if (this.hovered !== null && !model.units.some((u) => u.id === this.hovered && !u.dead))
      this.setHover(null);
    this.schedule();
  }

  /** A frame of the shots being animated (effects.ts `shotFrames`); `[]` clears them. Drawn on the next frame. */
  setEffects(frames: ShotFrame[]): void {
    this.effects = frames;
    this.effectsDirty = true;
    this.schedule();
  }

  /** Subscribes to an intent; returns the unsubscribe function. */
  on<K extends BoardIntent>(intent: K, cb: (value: BoardIntents[K]) => void): () => void {
    const set = this.listeners[intent] as Set<(value: BoardIntents[K]) => void>;
    set.add(cb);
    return () => set.delete(cb);
  }

  /** Shows the whole table. */
  fit(): void {
    this.fitNow();
    this.schedule();
  }

  /** Moves the picture by (dx, dy) pixels. */
  pan(dx: number, dy: number): void {
    this.cam = panCamera(this.cam, dx, dy);
    this.userCamera = true;
    this.schedule();
  }

  /** Zooms by `factor` about a canvas point (the canvas centre by default). */
  zoom(factor: number, about?: ScreenPoint): void {
    const at = about ?? { x: this.app.screen.width / 2, y: this.app.screen.height / 2 };
    this.cam = zoomAbout(this.cam, factor, at.x, at.y, this.zoomLimits());
    this.userCamera = true;
    this.overlaysDirty = true;
    this.schedule();
  }

  /** Call after resizing a caller-owned renderer: refits unless the player moved the camera. */
  resize(): void {
    if (!this.userCamera) this.fitNow();
    this.schedule();
  }

  /** For browser tests: how many units and overlays are drawn, and how many redraws happened. */
  debugSnapshot(): BoardSnapshot {
    return {
      units: this.units.size,
      overlays: this.drawnOverlayKinds.length,
      overlayKinds: [...this.drawnOverlayKinds],
      redraws: this.redrawCount,
    };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    if (this.aimFrame !== 0) cancelAnimationFrame(this.aimFrame);
    this.frame = 0;
    this.resizeObserver?.disconnect();
    for (const off of this.detach) off();
    for (const set of Object.values(this.listeners)) set.clear();
    this.units.clear();
    this.objectives.clear();
    if (this.owned) this.app.destroy({ removeView: true }, { children: true });
    else {
      this.root.destroy({ children: true });
      this.app.render();
    }
  }

  // ── camera ──────────────────────────────────────────────────────────────────────────────────────────────

  private fitOf(): Camera | null {
    const m = this.model;
    if (!m) return null;
    const zMax = Math.max(FLAG_HEIGHT + 3, ...m.terrain.map((t) => t.height)) + 2;
    return fitCamera(m.width, m.height, this.app.screen.width, this.app.screen.height, {
      margin: 24,
      zMax,
      zMin: -this.slabThickness(),
    });
  }

  private fitNow(): void {
    const cam = this.fitOf();
    if (!cam) return;
    this.cam = cam;
    this.userCamera = false;
    this.overlaysDirty = true;
  }

  private zoomLimits(): { min: number; max: number } {
    const fitted = this.fitOf()?.zoom ?? 1;
    return { min: clampZoom(fitted * 0.4), max: Math.min(ZOOM_LIMITS.max, Math.max(fitted * 12, 60)) };
  }

  private slabThickness(): number {
    const m = this.model;
    return m ? Math.max(1.5, Math.min(m.width, m.height) * 0.03) : 2;
  }

  // ── input → intents ─────────────────────────────────────────────────────────────────────────────────────

  private emit<K extends BoardIntent>(intent: K, value: BoardIntents[K]): void {
    for (const cb of this.listeners[intent] as Set<(v: BoardIntents[K]) => void>) cb(value);
  }

  /** A pointer event's position in canvas CSS pixels (the renderer's screen units). */
  private local(e: { clientX: number; clientY: number }): ScreenPoint {
    const rect = this.canvas.getBoundingClientRect();
    const kx = rect.width > 0 ? this.app.screen.width / rect.width : 1;
    const ky = rect.height > 0 ? this.app.screen.height / rect.height : 1;
    return { x: (e.clientX - rect.left) * kx, y: (e.clientY - rect.top) * ky };
  }

  private listen<K extends keyof HTMLElementEventMap>(
    type: K,
    fn: (e: HTMLElementEventMap[K]) => void,
    opts?: AddEventListenerOptions,
  ): void {
    const canvas = this.canvas;
    canvas.addEventListener(type, fn, opts);
    this.detach.push(() => canvas.removeEventListener(type, fn, opts));
  }

  private attachInput(): void {
    const canvas = this.canvas;
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-label', ARIA[this.options.lang]);
    canvas.style.touchAction = 'none';
    canvas.style.outlineOffset = '-3px';

    this.listen('pointerdown', (e) => {
      if (e.button !== 0 || this.press) return;
      const p = this.local(e);
      this.press = { id: e.pointerId, x: p.x, y: p.y, lastX: p.x, lastY: p.y, dragging: false };
      canvas.setPointerCapture?.(e.pointerId);
    });
    this.listen('pointermove', (e) => {
      const p = this.local(e);
      const press = this.press;
      if (press && press.id === e.pointerId) {
        if (!press.dragging && Math.hypot(p.x - press.x, p.y - press.y) > DRAG_THRESHOLD) {
          press.dragging = true;
          canvas.style.cursor = 'grabbing';
        }
        if (press.dragging) this.pan(p.x - press.lastX, p.y - press.lastY);
        press.lastX = p.x;
        press.lastY = p.y;
        return;
      }
      this.hoverAt(p);
    });
    const end = (e: PointerEvent, click: boolean): void => {
      const press = this.press;
      if (!press || press.id !== e.pointerId) return;
      this.press = null;
      if (canvas.hasPointerCapture?.(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
      canvas.style.cursor = '';
      const p = this.local(e);
      if (click && !press.dragging) this.clickAt(p);
      this.hoverAt(p);
    };
    this.listen('pointerup', (e) => end(e, true));
    this.listen('pointercancel', (e) => end(e, false));
    this.listen('pointerleave', () => {
      if (!this.press) {
        this.setHover(null);
        this.setAim(null);
      }
    });
    this.listen(
      'wheel',
      (e) => {
        e.preventDefault();
        const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.0015;
        this.zoom(Math.exp(-e.deltaY * unit), this.local(e));
      },
      { passive: false },
    );
    this.listen('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      switch (e.key) {
        case 'ArrowLeft':
          this.pan(KEY_PAN, 0);
          break;
        case 'ArrowRight':
          this.pan(-KEY_PAN, 0);
          break;
        case 'ArrowUp':
          this.pan(0, KEY_PAN);
          break;
        case 'ArrowDown':
          this.pan(0, -KEY_PAN);
          break;
        case '+':
        case '=':
          this.zoom(KEY_ZOOM);
          break;
        case '-':
        case '_':
          this.zoom(1 / KEY_ZOOM);
          break;
        case 'f':
        case 'F':
          this.fit();
          break;
        default:
          return;
      }
      e.preventDefault();
    });
  }

  private clickAt(p: ScreenPoint): void {
    const m = this.model;
    if (!m) return;
    const u = pickUnit(m.units, p.x, p.y, this.cam);
    if (u?.selectable) {
      this.emit('select', u.id);
      return;
    }
    const w = toWorld(p.x, p.y, this.cam);
    if (onTable(w, m.width, m.height)) this.emit('point', w);
  }

  private hoverAt(p: ScreenPoint): void {
    const m = this.model;
    this.setHover(m ? (pickUnit(m.units, p.x, p.y, this.cam)?.id ?? null) : null);
    if (!m || this.listeners.aim.size === 0) return;
    const w = toWorld(p.x, p.y, this.cam);
    this.setAim(onTable(w, m.width, m.height) ? w : null);
  }

  /** The table point under the pointer, reported at most once per animation frame. */
  private setAim(w: WorldPoint | null): void {
    if (w === null && this.aimed === null) return;
    this.aimed = w;
    if (this.aimFrame !== 0) return;
    this.aimFrame = requestAnimationFrame(() => {
      this.aimFrame = 0;
      if (!this.destroyed) this.emit('aim', this.aimed);
    });
  }

  private setHover(id: string | null): void {
    if (id === this.hovered) return;
    this.hovered = id;
    const u = id === null ? undefined : this.model?.units.find((x) => x.id === id);
    this.canvas.style.cursor = u?.selectable ? 'pointer' : '';
    this.emit('hover', id);
    this.schedule();
  }

  // ── drawing ─────────────────────────────────────────────────────────────────────────────────────────────

  /** Coalesces every change into one redraw on the next animation frame. */
  private schedule(): void {
    if (this.frame !== 0 || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (!this.destroyed) this.redraw();
    });
  }

  private redraw(): void {
    this.redrawCount++;
    const cam = this.cam;
    this.world.position.set(cam.x, cam.y);
    this.world.scale.set(cam.zoom);
    const m = this.model;
    if (m) {
      if (this.drawnStaticKey !== this.staticKey) {
        this.drawTable(m);
        this.drawTerrain(m.terrain);
        this.drawnStaticKey = this.staticKey;
      }
      if (this.drawnObjectivesKey !== this.objectivesKey) {
        this.drawObjectives(m);
        this.drawnObjectivesKey = this.objectivesKey;
      }
      this.placeObjectiveLabels(m);
      if (this.overlaysDirty || this.drawnOverlayZoom !== cam.zoom) {
        this.drawOverlays(m);
        this.overlaysDirty = false;
        this.drawnOverlayZoom = cam.zoom;
      }
      this.syncUnits(m);
      if (this.effectsDirty) {
        this.drawEffects();
        this.effectsDirty = false;
      }
    }
    this.app.render();
  }

  private sideColour(m: BoardModel, side: string | null): number {
    if (side === null) return NEUTRAL;
    return m.sides.find((s) => s.id === side)?.colour ?? NEUTRAL;
  }

  private drawTable(m: BoardModel): void {
    const g = this.tableG.clear();
    const { width: w, height: h } = m;
    const t = this.slabThickness();
    const flat = (pts: WorldPoint[], z: number): number[] =>
      pts.flatMap((p) => {
        const s = project(p.x, p.y, z);
        return [s.x, s.y];
      });
    const wall = (a: WorldPoint, b: WorldPoint): number[] => [...flat([a, b], 0), ...flat([b, a], -t)];
    const sw = { x: 0, y: 0 };
    const se = { x: w, y: 0 };
    const ne = { x: w, y: h };
    const nw = { x: 0, y: h };
    g.poly(wall(sw, se)).fill(shadeColour(TABLE_COLOUR, 0.55));
    g.poly(wall(nw, sw)).fill(shadeColour(TABLE_COLOUR, 0.72));
    g.poly(flat([sw, se, ne, nw], 0))
      .fill(TABLE_COLOUR)
      .stroke({ width: 1, color: TABLE_EDGE, pixelLine: true });
    // A measuring grid: every cell of a grid board, or round steps on a table.
    const step = m.kind === 'grid' ? 1 : niceStep(Math.max(w, h) / 15);
    for (let x = step; x < w - 1e-9; x += step) {
      const a = project(x, 0);
      const b = project(x, h);
      g.moveTo(a.x, a.y).lineTo(b.x, b.y);
    }
    for (let y = step; y < h - 1e-9; y += step) {
      const a = project(0, y);
      const b = project(w, y);
      g.moveTo(a.x, a.y).lineTo(b.x, b.y);
    }
    g.stroke({ width: 1, color: 0xffffff, alpha: m.kind === 'grid' ? 0.28 : 0.12, pixelLine: true });
  }

  private drawTerrain(terrain: TerrainView[]): void {
    const g = this.terrainG.clear();
    const centre = (t: TerrainView): number => {
      let sx = 0;
      let sy = 0;
      for (const p of t.poly) {
        sx += p.x;
        sy += p.y;
      }
      return depthKey(sx / t.poly.length, sy / t.poly.length);
    };
    const sorted = [...terrain].sort((a, b) => centre(a) - centre(b));
    for (const t of sorted) {
      const colour = TERRAIN_COLOURS[t.kind] ?? NEUTRAL;
      const top = t.height > 0 ? t.height : FLAT_LIFT;
      // A flat piece is its top alone, lifted a little; a raised one has walls, then its top.
      const faces = t.height > 0 ? prismFaces(t.poly, 0, top) : prismFaces(t.poly, top, top);
      for (const f of faces.slice(0, -1))
        g.poly(f.points)
          .fill(shadeColour(colour, f.shade))
          .stroke({
            width: 1,
            color: shadeColour(colour, 0.4),
            pixelLine: true,
          });
      g.poly(faces[faces.length - 1]!.points)
        .fill({ color: colour, alpha: t.kind === 'water' || t.kind === 'difficult' ? 0.85 : 1 })
        .stroke({ width: 1, color: shadeColour(colour, 0.45), pixelLine: true });
      if (t.kind === 'forest') this.drawTrees(g, t, top);
      if (t.kind === 'cover' || t.kind === 'difficult')
        this.drawSpeckles(g, t, top, shadeColour(colour, 0.6));
    }
  }

  /** Tree crowns on a forest's canopy, on a regular grid of points inside it. */
  private drawTrees(g: Graphics, t: TerrainView, z: number): void {
    for (const p of gridPointsIn(t, 3.5)) {
      const s = project(p.x, p.y, z);
      g.circle(s.x, s.y - 0.6, 1.5).fill(shadeColour(TERRAIN_COLOURS.forest, 0.7));
      g.circle(s.x - 0.4, s.y - 1, 0.8).fill(shadeColour(TERRAIN_COLOURS.forest, 1.25));
    }
  }

  /** Rubble or tussocks: small dots marking broken ground. */
  private drawSpeckles(g: Graphics, t: TerrainView, z: number, colour: number): void {
    for (const p of gridPointsIn(t, 2.5)) {
      const s = project(p.x, p.y, z);
      g.ellipse(s.x, s.y, 0.7, 0.35).fill(colour);
    }
  }

  private drawObjectives(m: BoardModel): void {
    const g = this.objectivesG.clear();
    const { rx, ry } = groundEllipse(2.5);
    const seen = new Set<string>();
    for (const o of m.objectives) {
      seen.add(o.id);
      const colour = this.sideColour(m, o.holder);
      const foot = project(o.x, o.y, 0);
      const top = project(o.x, o.y, FLAG_HEIGHT);
      g.ellipse(foot.x, foot.y, rx, ry)
        .fill({ color: colour, alpha: 0.35 })
        .stroke({ width: 1, color: 0xffffff, pixelLine: true });
      g.moveTo(foot.x, foot.y).lineTo(top.x, top.y).stroke({ width: 1, color: INK, pixelLine: true });
      g.poly([top.x, top.y, top.x + 3.2, top.y + 0.9, top.x, top.y + 1.8])
        .fill(colour)
        .stroke({ width: 1, color: INK, pixelLine: true });
      const text = o.label[this.options.lang];
      let sprite = this.objectives.get(o.id);
      if (!sprite) {
        const label = new Text({ text, style: { ...LABEL_STYLE, fontSize: 11 } });
        label.anchor.set(0.5, 1);
        sprite = { label, text };
        this.objectives.set(o.id, sprite);
        this.objectiveLabels.addChild(label);
      } else if (sprite.text !== text) {
        sprite.label.text = text;
        sprite.text = text;
      }
    }
    for (const [id, sprite] of this.objectives)
      if (!seen.has(id)) {
        sprite.label.destroy();
        this.objectives.delete(id);
      }
  }

  private placeObjectiveLabels(m: BoardModel): void {
    for (const o of m.objectives) {
      const sprite = this.objectives.get(o.id);
      if (!sprite) continue;
      const p = toScreen(o.x, o.y, FLAG_HEIGHT + 0.5, this.cam);
      sprite.label.position.set(Math.round(p.x), Math.round(p.y));
    }
  }

  private drawOverlays(m: BoardModel): void {
    const ground = this.groundOverlayG.clear();
    const air = this.airOverlayG.clear();
    const px = 1 / this.cam.zoom; // one screen pixel in iso units
    for (const o of this.overlays) {
      switch (o.kind) {
        case 'reach': {
          if (o.outline && o.outline.length >= 3) {
            ground.poly(o.outline.flatMap((p) => xy(project(p.x, p.y))));
          } else {
            const c = project(o.from.x, o.from.y);
            const { rx, ry } = groundEllipse(o.radius);
            ground.ellipse(c.x, c.y, rx, ry);
          }
          ground
            .fill({ color: REACH_COLOUR, alpha: 0.18 })
            .stroke({ width: 2 * px, color: REACH_COLOUR, alpha: 0.9 });
          if (o.inner && o.inner > 0) {
            // A ring (a flyer goes at least `inner`): the hole left clear, its edge dashed by a thin line.
            const c = project(o.from.x, o.from.y);
            const { rx, ry } = groundEllipse(o.inner);
            ground.ellipse(c.x, c.y, rx, ry).cut();
            ground.ellipse(c.x, c.y, rx, ry).stroke({ width: 1.5 * px, color: REACH_COLOUR, alpha: 0.7 });
          }
          break;
        }
        case 'zone': {
          const c = project(o.x, o.y);
          const { rx, ry } = groundEllipse(o.r);
          ground
            .ellipse(c.x, c.y, rx, ry)
            .fill({ color: this.sideColour(m, o.side), alpha: 0.08 })
            .stroke({ width: 1.5 * px, color: this.sideColour(m, o.side), alpha: 0.55 });
          break;
        }
        case 'line': {
          const a = project(o.from.x, o.from.y, 0.5);
          const b = project(o.to.x, o.to.y, 0.5);
          const colour = o.clear ? LINE_CLEAR : LINE_BLOCKED;
          air
            .moveTo(a.x, a.y)
            .lineTo(b.x, b.y)
            .stroke({ width: 2 * px, color: colour, alpha: 0.9 });
          air.circle(b.x, b.y, 3 * px).fill(colour);
          break;
        }
        case 'threat': {
          if (o.path.length < 2) break;
          const pts = o.path.map((p) => project(p.x, p.y, 0.3));
          // A thin line from each unit that could fire to the nearest point of the path.
          for (const id of o.by) {
            const u = m.units.find((x) => x.id === id);
            if (!u) continue;
            const near = nearestOnPath(o.path, u);
            const a = project(u.x, u.y, (u.z ?? 0) + 0.5);
            const b = project(near.x, near.y, 0.3);
            air
              .moveTo(a.x, a.y)
              .lineTo(b.x, b.y)
              .stroke({ width: 1.5 * px, color: THREAT_COLOUR, alpha: 0.55 });
          }
          air.moveTo(pts[0]!.x, pts[0]!.y);
          for (const p of pts.slice(1)) air.lineTo(p.x, p.y);
          air.stroke({ width: 3 * px, color: THREAT_COLOUR, alpha: 0.95 });
          const end = pts[pts.length - 1]!;
          const prev = pts[pts.length - 2]!;
          const len = Math.hypot(end.x - prev.x, end.y - prev.y) || 1;
          const ux = (end.x - prev.x) / len;
          const uy = (end.y - prev.y) / len;
          const s = 10 * px;
          air
            .poly([
              end.x,
              end.y,
              end.x - ux * s - uy * s * 0.5,
              end.y - uy * s + ux * s * 0.5,
              end.x - ux * s + uy * s * 0.5,
              end.y - uy * s - ux * s * 0.5,
            ])
            .fill(THREAT_COLOUR);
          break;
        }
      }
    }
    this.drawnOverlayKinds = this.overlays.map((o) => o.kind);
  }

  private drawEffects(): void {
    const g = this.effectsG.clear();
    const px = 1 / this.cam.zoom;
    for (const f of this.effects) {
      const a = project(f.from.x, f.from.y, (f.from.z ?? 0) + 0.8);
      const b = project(f.to.x, f.to.y, (f.to.z ?? 0) + 0.8);
      if (f.head !== null) {
        const h = { x: a.x + (b.x - a.x) * f.head, y: a.y + (b.y - a.y) * f.head };
        const tail = Math.max(0, f.head - 0.25);
        const t = { x: a.x + (b.x - a.x) * tail, y: a.y + (b.y - a.y) * tail };
        g.moveTo(t.x, t.y)
          .lineTo(h.x, h.y)
          .stroke({ width: 3 * px, color: TRACER_COLOUR, alpha: 0.95 });
        g.circle(h.x, h.y, 2.5 * px).fill(TRACER_COLOUR);
      }
      if (f.marker) {
        const r = (f.marker.melee ? 9 : 7) * px * f.marker.scale;
        const alpha = f.marker.alpha;
        if (f.marker.hit) {
          // A burst: a filled star of eight points.
          const pts: number[] = [];
          for (let i = 0; i < 16; i++) {
            const ang = (Math.PI * i) / 8;
            const rr = i % 2 === 0 ? r * 1.6 : r * 0.7;
            pts.push(b.x + Math.cos(ang) * rr, b.y + Math.sin(ang) * rr);
          }
          g.poly(pts)
            .fill({ color: HIT_COLOUR, alpha })
            .stroke({ width: 1 * px, color: INK, alpha });
        } else {
          // A miss: a hollow ring with a cross, a little beside the target.
          const cx = b.x + r * 0.8;
          const cy = b.y - r * 0.4;
          g.circle(cx, cy, r).stroke({ width: 2 * px, color: MISS_COLOUR, alpha });
          g.moveTo(cx - r * 0.6, cy - r * 0.6)
            .lineTo(cx + r * 0.6, cy + r * 0.6)
            .moveTo(cx + r * 0.6, cy - r * 0.6)
            .lineTo(cx - r * 0.6, cy + r * 0.6)
            .stroke({ width: 2 * px, color: MISS_COLOUR, alpha });
        }
      }
    }
    if (this.effects.length > 0) this.effectFramesDrawn++;
  }

  private syncUnits(m: BoardModel): void {
    const zoom = this.cam.zoom;
    const lang = this.options.lang;
    const selected = this.options.selected;
    const threatened = new Set<string>();
    for (const o of this.overlays) if (o.kind === 'threat') for (const id of o.by) threatened.add(id);
    const seen = new Set<string>();
    for (const u of m.units) {
      seen.add(u.id);
      let sprite = this.units.get(u.id);
      if (!sprite) {
        sprite = this.newUnitSprite();
        this.units.set(u.id, sprite);
      }
      const colour = this.sideColour(m, u.side);
      const emphasis: Emphasis =
        u.id === selected
          ? 'selected'
          : u.id === this.hovered
            ? 'hovered'
            : threatened.has(u.id)
              ? 'threat'
              : 'none';
      const z = u.z ?? 0;
      const ground = project(u.x, u.y, z);
      sprite.base.position.set(ground.x, ground.y);
      sprite.base.zIndex = depthKey(u.x, u.y, z);
      const baseKey = JSON.stringify([colour, u.r, u.facing, u.dead, emphasis, zoom]);
      if (sprite.baseKey !== baseKey) {
        drawBase(sprite.base, u, colour, emphasis, zoom);
        sprite.baseKey = baseKey;
      }
      const screenAt = toScreen(u.x, u.y, z, this.cam);
      sprite.token.position.set(Math.round(screenAt.x), Math.round(screenAt.y));
      sprite.token.zIndex =
        depthKey(u.x, u.y, z) + (emphasis === 'selected' ? 1e7 : emphasis === 'hovered' ? 2e7 : 0);
      sprite.token.visible = !u.dead;
      sprite.label.zIndex = sprite.token.zIndex;
      if (u.dead) {
        sprite.label.visible = false;
        continue;
      }
      const size = tokenSize(u.r, zoom);
      const showLabel = labelVisible(zoom, emphasis === 'selected' || emphasis === 'hovered');
      const text = showLabel ? labelText(u, lang, emphasis === 'selected' || emphasis === 'hovered') : '';
      const tokenKey = JSON.stringify([colour, size, u.hp, u.hpMax, u.markers, text, emphasis, u.selectable]);
      if (sprite.tokenKey !== tokenKey) {
        this.drawToken(sprite, u, colour, size, text, emphasis);
        sprite.tokenKey = tokenKey;
      }
      sprite.label.position.set(sprite.token.x, sprite.token.y + sprite.labelOffset);
    }
    for (const [id, sprite] of this.units)
      if (!seen.has(id)) {
        sprite.base.destroy();
        sprite.token.destroy({ children: true });
        sprite.label.destroy();
        this.units.delete(id);
      }
  }

  private newUnitSprite(): UnitSprite {
    const base = new Graphics();
    const token = new Container();
    const body = new Graphics();
    const label = new Text({ text: '', style: LABEL_STYLE });
    label.anchor.set(0.5, 1);
    token.addChild(body);
    this.basesLayer.addChild(base);
    this.tokensLayer.addChild(token);
    this.labelsLayer.addChild(label);
    return { base, token, body, label, labelOffset: 0, glyphs: new Map(), baseKey: '', tokenKey: '' };
  }

  /** The token: an upright standee in the side's colour, an HP bar, marker pips, and the name on top. */
  private drawToken(
    sprite: UnitSprite,
    u: UnitView,
    colour: number,
    size: { w: number; h: number },
    text: string,
    emphasis: Emphasis,
  ): void {
    const { w, h } = size;
    const g = sprite.body.clear();
    const edge = emphasis === 'selected' ? SELECTED_COLOUR : emphasis === 'hovered' ? HOVER_COLOUR : INK;
    g.roundRect(-w / 2, -h, w, h, Math.min(4, w / 3))
      .fill(colour)
      .stroke({ width: emphasis === 'none' || emphasis === 'threat' ? 1.5 : 2.5, color: edge });
    // A light band at the top of the standee reads as its "head" and separates neighbours.
    g.roundRect(-w / 2 + 2, -h + 2, w - 4, Math.max(2, h * 0.18), 1.5).fill({ color: 0xffffff, alpha: 0.55 });
    let top = -h - 3;
    if (u.hpMax > 1) {
      const bw = Math.max(w + 6, 16);
      const frac = Math.max(0, Math.min(1, u.hp / u.hpMax));
      const hpColour = frac > 0.6 ? 0x40c057 : frac > 0.3 ? 0xfab005 : 0xfa5252;
      g.rect(-bw / 2, top - 4, bw, 4).fill(INK);
      if (frac > 0) g.rect(-bw / 2 + 1, top - 3, (bw - 2) * frac, 2).fill(hpColour);
      top -= 7;
    }
    const pip = 6;
    const seen = new Set<string>();
    if (u.markers.length > 0) {
      const span = (u.markers.length - 1) * (2 * pip + 1);
      u.markers.forEach((mk, i) => {
        const cx = -span / 2 + i * (2 * pip + 1);
        const cy = top - pip;
        g.circle(cx, cy, pip).fill(mk.colour).stroke({ width: 1, color: 0xffffff });
        if (mk.glyph) {
          seen.add(mk.id);
          let glyph = sprite.glyphs.get(mk.id);
          if (!glyph) {
            glyph = new Text({ text: mk.glyph, style: GLYPH_STYLE });
            glyph.anchor.set(0.5, 0.5);
            sprite.glyphs.set(mk.id, glyph);
            sprite.token.addChild(glyph);
          } else if (glyph.text !== mk.glyph) glyph.text = mk.glyph;
          glyph.position.set(cx, cy + 0.5);
        }
      });
      top -= 2 * pip + 2;
    }
    for (const [id, glyph] of sprite.glyphs)
      if (!seen.has(id)) {
        glyph.destroy();
        sprite.glyphs.delete(id);
      }
    if (sprite.label.text !== text) sprite.label.text = text;
    sprite.label.visible = text !== '';
    sprite.labelOffset = top;
  }
}

type Emphasis = 'selected' | 'hovered' | 'threat' | 'none';

/** The base on the table, in iso units: a filled ellipse, a facing tick, a ring when emphasised. */
function drawBase(g: Graphics, u: UnitView, colour: number, emphasis: Emphasis, zoom: number): void {
  g.clear();
  const px = 1 / zoom;
  const { rx, ry } = groundEllipse(u.r);
  if (u.dead) {
    g.ellipse(0, 0, rx, ry).fill({ color: 0x495057, alpha: 0.45 });
    g.moveTo(-rx * 0.5, -ry * 0.5)
      .lineTo(rx * 0.5, ry * 0.5)
      .moveTo(rx * 0.5, -ry * 0.5)
      .lineTo(-rx * 0.5, ry * 0.5)
      .stroke({ width: 1.5 * px, color: 0x212529, alpha: 0.7 });
    return;
  }
  g.ellipse(0, 0, rx, ry)
    .fill({ color: shadeColour(colour, 0.7), alpha: 0.95 })
    .stroke({ width: 1.2 * px, color: INK });
  const d = projectDirection(u.facing);
  g.moveTo(d.x * u.r * 0.35, d.y * u.r * 0.35)
    .lineTo(d.x * u.r, d.y * u.r)
    .stroke({ width: 2 * px, color: 0xffffff, alpha: 0.9 });
  if (emphasis !== 'none') {
    const ring = groundEllipse(u.r + Math.max(0.35, 3 * px));
    const colourOf = { selected: SELECTED_COLOUR, hovered: HOVER_COLOUR, threat: THREAT_COLOUR }[emphasis];
    g.ellipse(0, 0, ring.rx, ring.ry).stroke({
      width: (emphasis === 'selected' ? 3 : 2) * px,
      color: colourOf,
    });
  }
}

/** The unit's name, and when emphasised what its markers say. */
function labelText(u: UnitView, lang: Lang, full: boolean): string {
  const name = u.label[lang];
  if (!full || u.markers.length === 0) return name;
  return `${name}\n${u.markers.map((m) => m.label[lang]).join(' · ')}`;
}

const xy = (p: ScreenPoint): [number, number] => [p.x, p.y];

/** A round grid step (1, 2 or 5 × a power of ten) near `raw`. */
function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  const n = raw / p;
  return (n < 1.5 ? 1 : n < 3.5 ? 2 : n < 7.5 ? 5 : 10) * p;
}

/** Points of a regular grid of pitch `step` inside a terrain polygon, offset every other row. */
function gridPointsIn(t: TerrainView, step: number): WorldPoint[] {
  const xs = t.poly.map((p) => p.x);
  const ys = t.poly.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const out: WorldPoint[] = [];
  let row = 0;
  for (let y = y0 + step / 2; y < y1; y += step, row++)
    for (let x = x0 + (row % 2 ? step : step / 2); x < x1; x += step) {
      const p = { x, y };
      if (pointInPolygon(p, t.poly)) out.push(p);
    }
  // Far first, so nearer crowns overlap farther ones.
  return out.sort((a, b) => depthKey(a.x, a.y) - depthKey(b.x, b.y));
}

/** The point of a polyline nearest to `p`. */
function nearestOnPath(path: readonly { x: number; y: number }[], p: { x: number; y: number }) {
  let best = path[0]!;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    const q = { x: a.x + dx * t, y: a.y + dy * t };
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
}
