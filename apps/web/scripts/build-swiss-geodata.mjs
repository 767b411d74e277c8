// Builds the offline map data (Swiss outline, canton borders, lakes) from the swiss-maps
// TopoJSON into one small GeoJSON under src/features/map/data. Run after upgrading
// swiss-maps:  node apps/web/scripts/build-swiss-geodata.mjs
// The arcs are simplified once in the topology (Douglas-Peucker) so that neighbouring
// cantons keep identical borders, then coordinates are rounded to 4 decimals (~10 m).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, merge, mesh } from 'topojson-client';

const YEAR = '2025';
const TOLERANCE = 0.0012; // degrees, about 100 m: invisible at the zooms the store maps use
const DECIMALS = 4;

const require = createRequire(import.meta.url);
const source = require.resolve(`swiss-maps/${YEAR}/ch-combined.json`);
const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/features/map/data/switzerland.json',
);
const topo = JSON.parse(readFileSync(source, 'utf8'));

function decodeArc(arc) {
  const { scale, translate } = topo.transform;
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [x * scale[0] + translate[0], y * scale[1] + translate[1]];
  });
}

function perpendicular(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  return Math.abs(dy * p[0] - dx * p[1] + b[0] * a[1] - b[1] * a[0]) / len;
}

function simplify(points) {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop();
    let maxDist = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = perpendicular(points[i], points[first], points[last]);
      if (d > maxDist) {
        maxDist = d;
        index = i;
      }
    }
    if (index !== -1 && maxDist > TOLERANCE) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  // A closed arc (a whole lake) must keep enough points to stay a ring.
  const kept = points.filter((_, i) => keep[i]);
  return kept.length < 4 && points.length >= 4
    ? [
        points[0],
        points[Math.floor(points.length / 3)],
        points[Math.floor((2 * points.length) / 3)],
        points.at(-1),
      ]
    : kept;
}

topo.arcs = topo.arcs.map((arc) => simplify(decodeArc(arc)));
delete topo.transform;

const round = (n) => Number(n.toFixed(DECIMALS));
function roundCoords(coords) {
  if (typeof coords[0] === 'number') return [round(coords[0]), round(coords[1])];
  const mapped = coords.map(roundCoords);
  if (Array.isArray(mapped[0]) && typeof mapped[0][0] === 'number') {
    // drop repeated points produced by rounding
    return mapped.filter((p, i) => i === 0 || p[0] !== mapped[i - 1][0] || p[1] !== mapped[i - 1][1]);
  }
  return mapped;
}
function cleanPolygon(geometry) {
  const polys = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const kept = polys
    .map((rings) => rings.map(roundCoords).filter((ring) => ring.length >= 4))
    .filter((rings) => rings.length > 0);
  return { type: 'MultiPolygon', coordinates: kept };
}
const make = (layer, geometry) => ({ type: 'Feature', properties: { layer }, geometry });

const features = [];
features.push(make('country', cleanPolygon(merge(topo, topo.objects.country.geometries))));
const borders = mesh(topo, topo.objects.cantons, (a, b) => a !== b);
features.push(
  make('canton-border', { type: 'MultiLineString', coordinates: borders.coordinates.map(roundCoords) }),
);
for (const lake of feature(topo, topo.objects.lakes).features) {
  const geometry = cleanPolygon(lake.geometry);
  if (geometry.coordinates.length) features.push(make('lake', geometry));
}

const collection = {
  type: 'FeatureCollection',
  // Source: Swiss Federal Statistical Office (FSO) generalised boundaries, via the swiss-maps package.
  attribution: `FSO, swisstopo (swiss-maps ${YEAR})`,
  features,
};
writeFileSync(out, JSON.stringify(collection));
console.info(
  `wrote ${path.relative(process.cwd(), out)} (${(JSON.stringify(collection).length / 1024).toFixed(1)} KB)`,
);
