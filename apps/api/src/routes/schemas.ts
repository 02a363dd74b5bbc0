import { ApiErrorBodySchema } from '@canopy/contracts'

/** Documents the error answers of a route in the OpenAPI output; every one has the same body. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorBodySchema])) as Record<
    Codes[number],
    typeof ApiErrorBodySchema
  >
}
