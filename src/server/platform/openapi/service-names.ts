/** The services of the product, in the order their documents are generated and served. */
export const SERVICES = [
  'authz-service',
  'user-service',
  'project-service',
  'participant-service',
  'execution-service',
  'data-service',
] as const;

export type ServiceName = (typeof SERVICES)[number];
