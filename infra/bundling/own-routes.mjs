// Stands in for functions/routes.ts inside a Lambda bundle. The whole table is ~20 KB minified and a
// function answers only its own rows, so bundleHandlers writes those rows into the bundle's entry
// (ROWS_KEY below) and the HTTP chain looks them up here, as routes.ts's findRoute would.
export const ROWS_KEY = Symbol.for('clinic-suite.own-routes');

/** The row for an API Gateway routeKey such as `POST /api/users/login`. */
export function findRoute(key) {
  const [method, path = ''] = key.split(' ');
  const wanted = `${method} ${path.replace(/^\/api(?=\/)/, '')}`;
  return (globalThis[ROWS_KEY] ?? []).find((row) => `${row.method} ${row.path}` === wanted);
}
