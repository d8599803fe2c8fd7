/**
 * The Lambda authorizer (API Gateway HTTP API, REQUEST type, simple responses, cached 300 s on the
 * Authorization header). It verifies the bearer JWT with aws-jwt-verify (RS256; issuer, audience and
 * JWKS URI from the stage settings) and hands the identity to the function. An invalid token is not
 * refused here: API Gateway could only answer it with its own body and a 403, so the reason travels
 * in the context and the shared middleware answers 401 with a Notifications body.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { bearerToken } from '../shared/auth/bearer';
import { identityFromClaims, toAuthorizerContext, type AuthorizerContext } from '../shared/auth/claims';
import { config } from '../shared/config';
import { mapStackTraces } from '../shared/stack-traces';

mapStackTraces(import.meta.url);

const verifier = JwtRsaVerifier.create({
  issuer: config.auth.issuer,
  audience: config.auth.audience,
  jwksUri: config.auth.jwksUri,
  customJwtCheck: ({ payload }) => {
    identityFromClaims(payload as Record<string, unknown>);
  },
});
// Locally the JWKS comes with the settings: verification needs no network.
if (config.auth.jwks) verifier.cacheJwks(JSON.parse(config.auth.jwks));

export interface AuthorizerResult {
  isAuthorized: boolean;
  context: AuthorizerContext;
}

export const handler = async (
  event: Pick<APIGatewayRequestAuthorizerEventV2, 'headers'>,
): Promise<AuthorizerResult> => {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const token = header ? bearerToken(header) : undefined;
  if (!token) return { isAuthorized: true, context: { error: header ? 'auth.token_invalid' : 'auth.token_missing' } };
  try {
    const payload = await verifier.verify(token);
    return { isAuthorized: true, context: toAuthorizerContext(identityFromClaims(payload as Record<string, unknown>)) };
  } catch (error) {
    return {
      isAuthorized: true,
      context: { error: error instanceof JwtExpiredError ? 'auth.token_expired' : 'auth.token_invalid' },
    };
  }
};
