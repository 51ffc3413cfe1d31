// What a request is for, judged once for every plugin that needs to know.
import type { FastifyRequest } from 'fastify';

/** Judged by the route that matched (the router decodes the path), else by the decoded path. */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route) return route.startsWith('/api/');
  try {
    return decodeURIComponent(request.url.split('?')[0] ?? '').startsWith('/api/');
  } catch {
    return false;
  }
}
