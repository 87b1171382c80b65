import {
  ApiMessageSchema,
  BudgetAnalysisQuerySchema,
  budgetAnalysisEndpoint,
  forecastEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import type { ForecastService } from './service.ts';

const errors = { '4xx': ApiMessageSchema };

/** What the forecastRoutes take from the composition root (services.ts hands them over). */
export interface ForecastRouteDeps {
  forecast: ForecastService;
}

export function forecastRoutes({ forecast }: ForecastRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      forecastEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'forecast.view' }),
        schema: {
          tags: ['forecast'],
          response: { 200: forecastEndpoint.response, ...errors },
        },
      },
      async (request) => forecast.forecast(currentUser(request)),
    );

    app.get(
      budgetAnalysisEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'analysis.view' }),
        schema: {
          tags: ['forecast'],
          querystring: BudgetAnalysisQuerySchema,
          response: { 200: budgetAnalysisEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return forecast.analysis(user, request.query.view_by, request.query.lang ?? user.language);
      },
    );
  };
}
