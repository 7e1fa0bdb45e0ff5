import { evaluateRule } from '../rules/evaluate.ts';
import type { EndpointCall } from '../definition/types.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';

/** The request part of a call: endpoint, path and query parameters, body and credential. */
export type RequestSpec = Pick<
  EndpointCall,
  'endpoint' | 'params' | 'query' | 'body' | 'credential'
>;

/** An HTTP request as data: what the app's transport (ky) sends. */
export interface HttpRequest {
  endpoint: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with parameters filled in and URL-encoded, plus the query string. */
  url: string;
  /**
   * bearer: the transport adds the signed-in user's token (no request without one);
   * bearer-optional: the token when someone is signed in.
   */
  auth: 'none' | 'bearer' | 'bearer-optional' | 'custom';
  headers: Record<string, string>;
  body?: unknown;
}

/** Base64 of a string's UTF-8 bytes (names with umlauts stay intact). */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value);

/**
 * A body without the fields whose rule yielded nothing (null), also inside objects a rule built
 * (`eachKey`), as an empty query parameter is left out: an optional value the answers do not
 * have (the insured sum of a cover that has none, the household data of a move without one).
 */
function withoutEmpty(value: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === null || field === undefined) continue;
    kept[key] =
      typeof field === 'object' && !Array.isArray(field)
        ? withoutEmpty(field as Record<string, unknown>)
        : field;
  }
  return kept;
}

/**
 * Builds the request of an endpoint call from the catalogue entry and the rule scope (data,
 * context, result). Throws when the endpoint is not in the catalogue.
 */
export function buildRequest(
  call: RequestSpec,
  endpoints: EndpointCatalogue['endpoints'],
  scope: Record<string, unknown>,
  relevantAnswers: () => unknown,
): HttpRequest {
  const endpoint = endpoints[call.endpoint];
  if (!endpoint) throw new Error(`Unknown endpoint "${call.endpoint}"`);
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(asText(evaluateRule(call.params?.[name], scope))),
  );
  const query = new URLSearchParams();
  for (const [name, rule] of Object.entries(call.query ?? {})) {
    const value = asText(evaluateRule(rule, scope));
    if (value !== '') query.set(name, value);
  }
  const headers: Record<string, string> = {};
  if (call.credential) {
    const joined = call.credential.parts
      .map((rule) => asText(evaluateRule(rule, scope)).trim())
      .join(call.credential.separator);
    const encoded = call.credential.encoding === 'none' ? joined : base64Utf8(joined);
    headers['Authorization'] = `${call.credential.scheme} ${encoded}`;
  }
  let body: unknown;
  if (call.body === 'relevantData') body = relevantAnswers();
  else if (call.body)
    body = withoutEmpty(
      Object.fromEntries(
        Object.entries(call.body).map(([k, rule]) => [k, evaluateRule(rule, scope)] as const),
      ),
    );
  const qs = query.toString();
  return {
    endpoint: call.endpoint,
    method: endpoint.method,
    url: qs ? `${path}?${qs}` : path,
    auth: endpoint.auth,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}
