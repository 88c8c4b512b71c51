import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; one logger per container. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'clubs' });
