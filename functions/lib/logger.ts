import { Logger } from '@aws-lambda-powertools/logger';

/** The one logger of every function (service name and level from the environment). */
export const logger = new Logger({
  serviceName: 'pawsitive-portal',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | undefined) ?? 'INFO',
});
