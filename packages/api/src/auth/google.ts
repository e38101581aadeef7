// Google sign-in: an OpenID Connect authorization-code flow with PKCE, state and nonce against GOOGLE_ISSUER.
// The browser ends at the web app's /google-auth-success with access_token and refresh_token, or with error.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { publicUrl } from '../context.ts';
import { users } from '../db/schema.ts';
import { loggableError } from '../http/envelope.ts';
import { describeDevice } from '../security/device.ts';
import { issueTokens, recordLogin } from './service.ts';

const FLOW_COOKIE = 'pv_google_flow';
const FLOW_SECONDS = 600;

const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
});

export default async function googleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const google = ctx.config.google;
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    if (!google) throw new Error('Google sign-in is not configured');
    discovered ??= oidc
      .discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, {
        // A local issuer over http (development and tests); Google itself is https.
        execute: new URL(google.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  const toWebApp = (reply: FastifyReply, query: Record<string, string>) =>
    reply.redirect(`${ctx.config.webAppUrl}/google-auth-success?${new URLSearchParams(query)}`);

  app.get('/auth/google', async (request, reply) => {
    // Not configured: not a failure worth trying again, the sign-in page says it is not available here.
    if (!google) return reply.redirect(`${ctx.config.webAppUrl}/login?error=google_unavailable`);
    let config: oidc.Configuration;
    try {
      config = await configuration();
    } catch (error) {
      request.log.warn({ err: loggableError(error) }, 'Google issuer discovery failed');
      return reply.redirect(`${ctx.config.webAppUrl}/login?error=google_failed`);
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const flow = await ctx.keys.signPurpose('google-flow', { verifier, state, nonce }, FLOW_SECONDS);
    reply.setCookie(FLOW_COOKIE, flow, {
      httpOnly: true,
      // Lax: the cookie must come back on the top-level redirect from the provider.
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/auth/google',
      maxAge: FLOW_SECONDS,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${publicUrl(app, request)}/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return reply.redirect(url.href);
  });

  app.get('/auth/google/callback', async (request, reply) => {
    const query = callbackQuery.safeParse(request.query);
    const cookie = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, { path: '/auth/google' });
    if (!google || !query.success) return toWebApp(reply, { error: 'google_auth_failed' });
    if (query.data.error) return toWebApp(reply, { error: query.data.error });
    try {
      if (!cookie) throw new Error('no flow cookie');
      const flow = await ctx.keys.verifyPurpose('google-flow', cookie);
      const config = await configuration();
      const base = publicUrl(app, request);
      const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, base), {
        pkceCodeVerifier: String(flow.verifier),
        expectedState: String(flow.state),
        expectedNonce: String(flow.nonce),
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      // Google puts the e-mail in the ID token; other issuers may keep it for the userinfo endpoint.
      const claims =
        typeof idClaims.email === 'string'
          ? idClaims
          : await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!email || claims.email_verified !== true) throw new Error('no verified e-mail from the issuer');
      const userId = await findOrCreateGoogleUser(app, {
        sub: idClaims.sub,
        email,
        givenName: typeof claims.given_name === 'string' ? claims.given_name : '',
        familyName: typeof claims.family_name === 'string' ? claims.family_name : '',
      });
      const device = describeDevice(request.headers['user-agent']);
      const issued = await issueTokens(ctx, userId, device, request.ip);
      await recordLogin(ctx, {
        userId,
        success: true,
        ipAddress: request.ip,
        device,
        note: 'Google sign-in',
      });
      return toWebApp(reply, { access_token: issued.accessToken, refresh_token: issued.refreshToken });
    } catch (error) {
      request.log.warn({ err: loggableError(error) }, 'Google sign-in failed');
      return toWebApp(reply, { error: 'google_auth_failed' });
    }
  });
}

/** The account of this Google identity: by Google subject, else by verified e-mail (linked), else a new one. */
async function findOrCreateGoogleUser(
  app: FastifyInstance,
  identity: { sub: string; email: string; givenName: string; familyName: string },
): Promise<string> {
  const { db } = app.ctx;
  const [bySub] = await db.select({ id: users.id }).from(users).where(eq(users.googleSub, identity.sub));
  if (bySub) return bySub.id;
  const [byEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, identity.email));
  if (byEmail) {
    // Google has verified the address, so the existing account is the same person's.
    await db
      .update(users)
      .set({ googleSub: identity.sub, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, byEmail.id));
    return byEmail.id;
  }
  const [created] = await db
    .insert(users)
    .values({
      email: identity.email,
      firstName: identity.givenName || (identity.email.split('@')[0] ?? 'Google'),
      lastName: identity.familyName,
      authProvider: 'google',
      googleSub: identity.sub,
      emailVerified: true,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('user not created');
  return created.id;
}
