/**
 * Isometric projection of the table (2:1 diamond), pure maths beside the Pixi classes that use it.
 *
 * World: the engine's table coordinates (x east, y north, table units) and z up. The viewer stands south-west
 * of the table: the table's (0, 0) corner is the diamond's bottom, (width, height) its top. One world unit
 * along x moves (+1, −½) on screen at zoom 1, along y (−1, −½), and up (0, −HEIGHT_SCALE): the "iso plane"
 * is the screen at zoom 1 with the world origin at (0, 0). A camera maps it to the canvas:
 * screen = camera.(x, y) + zoom · iso. Screen y points down, as in the DOM and Pixi.
 */

/** A point of the table in world units. */
export interface WorldPoint {
  x: number;
  y: number;
}

/** A point on the canvas, in CSS pixels. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** Where the world origin lands on the canvas (x, y) and how many pixels a world unit spans (zoom). */
export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

/** Screen height of one world unit of elevation, in iso units (a unit along x spans ~1.12). */
export const HEIGHT_SCALE = 1;

/** Zoom limits applied when none are given. */
export const ZOOM_LIMITS = { min: 0.05, max: 400 } as const;

export interface ZoomLimits {
  min: number;
  max: number;
}

/** Iso-plane x of a world point. */
export const isoX = (x: number, y: number): number => x - y;

/** Iso-plane y of a world point at elevation z. */
export const isoY = (x: number, y: number, z = 0): number => -((x + y) / 2 + z * HEIGHT_SCALE);

/** A world point on the iso plane (zoom 1, origin at 0, 0). */
export const project = (x: number, y: number, z = 0): ScreenPoint => ({ x: isoX(x, y), y: isoY(x, y, z) });

/** A world point on the canvas. */
export function toScreen(x: number, y: number, z: number, camera: Camera): ScreenPoint {
  return { x: camera.x + camera.zoom * isoX(x, y), y: camera.y + camera.zoom * isoY(x, y, z) };
}

/** The world point under a canvas point, on the plane at elevation z (the table top by default). */
export function toWorld(sx: number, sy: number, camera: Camera, z = 0): WorldPoint {
  const u = (sx - camera.x) / camera.zoom; // x − y
  const v = -(sy - camera.y) / camera.zoom - z * HEIGHT_SCALE; // (x + y) / 2
  return { x: v + u / 2, y: v - u / 2 };
}

/** A ground circle of radius r projects to an axis-aligned ellipse of these radii on the iso plane. */
export const groundEllipse = (r: number): { rx: number; ry: number } => ({
  rx: Math.SQRT2 * r,
  ry: r / Math.SQRT2,
});

/** A ground direction (radians from +x towards +y) as a unit-length world vector projected on the iso plane. */
export function projectDirection(angle: number): ScreenPoint {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c - s, y: -(c + s) / 2 };
}

/**
 * Painter's order: a larger key is nearer the viewer and drawn later (a Pixi `zIndex`). Nearer means smaller
 * x + y; at equal ground position a higher point is drawn later.
 */
export const depthKey = (x: number, y: number, z = 0): number => -(x + y) + z * 1e-3;

export const clampZoom = (zoom: number, limits: ZoomLimits = ZOOM_LIMITS): number =>
  Math.min(limits.max, Math.max(limits.min, zoom));

/** The camera moved by (dx, dy) pixels: the picture follows the pointer. */
export const panCamera = (camera: Camera, dx: number, dy: number): Camera => ({
  x: camera.x + dx,
  y: camera.y + dy,
  zoom: camera.zoom,
});

/** The camera zoomed by `factor` (clamped to the limits) keeping the canvas point (sx, sy) fixed. */
export function zoomAbout(
  camera: Camera,
  factor: number,
  sx: number,
  sy: number,
  limits: ZoomLimits = ZOOM_LIMITS,
): Camera {
  const zoom = clampZoom(camera.zoom * factor, limits);
  const k = zoom / camera.zoom;
  return { x: sx - (sx - camera.x) * k, y: sy - (sy - camera.y) * k, zoom };
}

/** Bounds on the iso plane (zoom 1). */
export interface IsoBounds {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The iso-plane bounds of a width × height table extruded from elevation zMin up to zMax. */
export function tableBounds(width: number, height: number, zMin = 0, zMax = 0): IsoBounds {
  return {
    minX: -height,
    maxX: width,
    minY: isoY(width, height, zMax),
    maxY: isoY(0, 0, zMin),
  };
}

export interface FitOptions {
  /** Pixels kept free on every side. */
  margin?: number;
  /** The highest elevation to keep in view (tall terrain, tokens). */
  zMax?: number;
  /** The lowest elevation (the slab's underside, negative). */
  zMin?: number;
}

/** The camera showing the whole width × height table centred in a viewport of vw × vh pixels. */
export function fitCamera(
  width: number,
  height: number,
  vw: number,
  vh: number,
  opts: FitOptions = {},
): Camera {
  const b = tableBounds(width, height, opts.zMin ?? 0, opts.zMax ?? 0);
  const bw = Math.max(1e-9, b.maxX - b.minX);
  const bh = Math.max(1e-9, b.maxY - b.minY);
  let margin = opts.margin ?? 0;
  if (vw - 2 * margin <= 0 || vh - 2 * margin <= 0) margin = 0;
  const zoom = Math.max(1e-6, Math.min((vw - 2 * margin) / bw, (vh - 2 * margin) / bh));
  return {
    x: vw / 2 - zoom * ((b.minX + b.maxX) / 2),
    y: vh / 2 - zoom * ((b.minY + b.maxY) / 2),
    zoom,
  };
}

/** True when a world point lies on the width × height table (edges included). */
export const onTable = (p: WorldPoint, width: number, height: number): boolean =>
  p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height;
