/** Prints the OpenAPI document the service serves at GET /openapi.json (for `npm run lint:openapi`). */
import { UsageResponse } from '../src/contract/index.ts';
import { buildOpenApiDocument } from '../src/contract/openapi.ts';

process.stdout.write(`${JSON.stringify(buildOpenApiDocument({ usageResponse: UsageResponse }), null, 2)}\n`);
