import {
  ApiMessageSchema,
  FORGOT_PASSWORD_MESSAGES,
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  VerifyOtpRequestSchema,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/auth.ts';
import type { PasswordRecoveryService } from './service.ts';

const responses = { 200: ApiMessageSchema, '4xx': ApiMessageSchema };

/** What the passwordRecoveryRoutes take from the composition root (services.ts hands them over). */
export interface PasswordRecoveryRouteDeps {
  passwordRecovery: PasswordRecoveryService;
}

/** Spec part 1 section 7: the three forgot-password calls. Public: no session needed. */
export function passwordRecoveryRoutes(services: PasswordRecoveryRouteDeps): FastifyPluginAsyncZod {
  const recovery = services.passwordRecovery;
  return async (app) => {
    app.addHook('onClose', async () => {
      await recovery.drain();
    });

    app.post(
      '/api/forgotpassword/request',
      {
        config: { public: true },
        schema: {
          tags: ['password-recovery'],
          body: ForgotPasswordRequestSchema,
          response: responses,
        },
      },
      async (request) => {
        await recovery.request(request.body, requestContext(request));
        return { success: true, message: FORGOT_PASSWORD_MESSAGES.requestAccepted };
      },
    );

    app.post(
      '/api/forgotpassword/verify-otp',
      {
        config: { public: true },
        schema: { tags: ['password-recovery'], body: VerifyOtpRequestSchema, response: responses },
      },
      async (request) => {
        await recovery.verifyOtp(request.body, requestContext(request));
        return { success: true, message: FORGOT_PASSWORD_MESSAGES.otpVerified };
      },
    );

    app.post(
      '/api/forgotpassword/reset',
      {
        config: { public: true },
        schema: {
          tags: ['password-recovery'],
          body: ResetPasswordRequestSchema,
          response: responses,
        },
      },
      async (request) => {
        await recovery.reset(request.body, requestContext(request));
        return { success: true, message: FORGOT_PASSWORD_MESSAGES.resetDone };
      },
    );
  };
}
