/**
 * The routes an Express router answers, read from the router itself (so a listing can never
 * drift from what is served): used by the robustness suite to reach every route.
 */
export interface RouteInfo {
  method: string;
  /** Express path pattern, e.g. `/documents/:id/sign`. */
  path: string;
}

interface LayerLike {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

export function listRoutes(router: object): RouteInfo[] {
  const found: RouteInfo[] = [];
  // The typings omit Route.methods, which Express 5's router keeps on every route.
  for (const layer of (router as { stack?: LayerLike[] }).stack ?? []) {
    if (layer.route) {
      for (const path of ([] as string[]).concat(layer.route.path)) {
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all') found.push({ method: method.toUpperCase(), path });
      }
    } else if (layer.handle?.stack) {
      // Sub-routers are mounted without a path prefix here (router.use(subRouter)).
      found.push(...listRoutes(layer.handle));
    }
  }
  return found;
}
